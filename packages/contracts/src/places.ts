/** Where a hostel is and who it suits: the fixed lists its facts are chosen from. */

/** The 36 states and the Federal Capital Territory, as addresses spell them. */
export const NIGERIAN_STATES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
  'FCT',
] as const;
export type NigerianState = (typeof NIGERIAN_STATES)[number];

export type University = { code: string; name: string; city: string; state: NigerianState };

/**
 * Universities students search by. `code` is what the API stores and accepts (any case); the city is
 * the town of the main campus, which is where a hostel's walking minutes are counted to.
 */
export const UNIVERSITIES = [
  { code: 'UNILAG', name: 'University of Lagos', city: 'Akoka, Lagos', state: 'Lagos' },
  { code: 'UI', name: 'University of Ibadan', city: 'Ibadan', state: 'Oyo' },
  { code: 'OAU', name: 'Obafemi Awolowo University', city: 'Ile-Ife', state: 'Osun' },
  { code: 'UNN', name: 'University of Nigeria, Nsukka', city: 'Nsukka', state: 'Enugu' },
  { code: 'ABU', name: 'Ahmadu Bello University', city: 'Zaria', state: 'Kaduna' },
  { code: 'UNIBEN', name: 'University of Benin', city: 'Benin City', state: 'Edo' },
  { code: 'UNILORIN', name: 'University of Ilorin', city: 'Ilorin', state: 'Kwara' },
  { code: 'UNIPORT', name: 'University of Port Harcourt', city: 'Port Harcourt', state: 'Rivers' },
  { code: 'LASU', name: 'Lagos State University', city: 'Ojo, Lagos', state: 'Lagos' },
  { code: 'FUTA', name: 'Federal University of Technology, Akure', city: 'Akure', state: 'Ondo' },
  { code: 'UNIZIK', name: 'Nnamdi Azikiwe University', city: 'Awka', state: 'Anambra' },
  { code: 'UNICAL', name: 'University of Calabar', city: 'Calabar', state: 'Cross River' },
  { code: 'BUK', name: 'Bayero University Kano', city: 'Kano', state: 'Kano' },
  { code: 'UNIJOS', name: 'University of Jos', city: 'Jos', state: 'Plateau' },
  {
    code: 'FUNAAB',
    name: 'Federal University of Agriculture, Abeokuta',
    city: 'Abeokuta',
    state: 'Ogun',
  },
  { code: 'FUTO', name: 'Federal University of Technology, Owerri', city: 'Owerri', state: 'Imo' },
  { code: 'COVENANT', name: 'Covenant University', city: 'Ota', state: 'Ogun' },
  { code: 'BABCOCK', name: 'Babcock University', city: 'Ilishan-Remo', state: 'Ogun' },
  { code: 'UNIABUJA', name: 'University of Abuja', city: 'Gwagwalada, Abuja', state: 'FCT' },
] as const satisfies readonly University[];
export type UniversityCode = (typeof UNIVERSITIES)[number]['code'];
export const UNIVERSITY_CODES = UNIVERSITIES.map((u) => u.code) as [UniversityCode, ...UniversityCode[]];

export const universityByCode = (code: string): University | undefined =>
  UNIVERSITIES.find((u) => u.code === code.toUpperCase());

export const GENDER_POLICIES = ['mixed', 'female_only', 'male_only'] as const;
export type GenderPolicy = (typeof GENDER_POLICIES)[number];
export const GENDER_POLICY_LABELS: Record<GenderPolicy, string> = {
  mixed: 'Mixed',
  female_only: 'Female only',
  male_only: 'Male only',
};

export const AMENITIES = [
  'water',
  'power_24h',
  'generator',
  'wifi',
  'security',
  'kitchen',
  'laundry',
  'study_room',
] as const;
export type Amenity = (typeof AMENITIES)[number];
export const AMENITY_LABELS: Record<Amenity, string> = {
  water: 'Water',
  power_24h: '24-hour power',
  generator: 'Generator',
  wifi: 'Wi-Fi',
  security: 'Security',
  kitchen: 'Kitchen',
  laundry: 'Laundry',
  study_room: 'Study room',
};

/** Most minutes on foot we record; further than this is not "walking distance". */
export const MAX_WALKING_MINUTES = 300;
