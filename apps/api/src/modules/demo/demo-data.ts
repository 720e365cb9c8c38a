import { ROOM_UNITS, type RoomUnit } from '@studynest/contracts';
import type { Deps } from '../../deps.ts';
import { type StoredImage, storePhoto } from '../../storage/photos.ts';
import { countHostels, createHostel, type HostelFacts } from '../hostels/index.ts';
import { addRoomPhotos, createRoom } from '../rooms/index.ts';
import { markDone, wasDone } from '../settings/index.ts';
import { demoPhoto, demoRoomPhoto, type PhotoStyle } from './demo-photos.ts';
import { type DemoRoom, seedDemoTenancies } from './demo-tenancies.ts';

type DemoHostel = {
  name: string;
  address: string;
  details: string;
  facts: Required<HostelFacts>;
  style: Omit<PhotoStyle, 'variant'>;
};

const DEMO_HOSTELS: DemoHostel[] = [
  {
    name: 'Unity Court Hostel',
    facts: {
      state: 'Edo',
      city: 'Benin City',
      university: 'UNIBEN',
      walking_minutes: 10,
      gender_policy: 'mixed',
      amenities: ['water', 'power_24h', 'security'],
      latitude: 6.3982,
      longitude: 5.6124,
      rent_plan: 'full',
    },
    address:
      '14 Ozolua Road, Ugbowo, Benin City, Edo State (5 minutes from the University of Benin main gate)',
    details:
      'A quiet, gated compound with prepaid metering, a borehole, 24-hour security and reliable inverter backup. Ten minutes on foot to the UNIBEN main gate.',
    style: { wall: '#e9d8b4', roof: '#9b3d2f', sky: ['#7ec8f2', '#d9f0fb'], floors: 3 },
  },
  {
    name: 'Akoka Royal Lodge',
    facts: {
      state: 'Lagos',
      city: 'Akoka, Lagos',
      university: 'UNILAG',
      walking_minutes: 6,
      gender_policy: 'female_only',
      amenities: ['wifi', 'study_room', 'security', 'power_24h'],
      latitude: 6.5187,
      longitude: 3.3921,
      rent_plan: 'two_parts',
    },
    address: '23 Bayo Adeyemi Street, Akoka, Yaba, Lagos (walking distance to UNILAG)',
    details:
      'Modern self-contained rooms in Akoka with fast Wi-Fi, a reading room, CCTV and a caretaker on site. Walk to the University of Lagos in minutes.',
    style: { wall: '#f3efe6', roof: '#2f5d7c', sky: ['#5fb2e8', '#cfe9fa'], floors: 4 },
  },
  {
    name: 'Agbowo Scholars Residence',
    facts: {
      state: 'Oyo',
      city: 'Ibadan',
      university: 'UI',
      walking_minutes: 12,
      gender_policy: 'mixed',
      amenities: ['water', 'study_room', 'security'],
      latitude: 7.4398,
      longitude: 3.9075,
      rent_plan: 'full',
    },
    address: '7 Ajibode Road, Agbowo, Ibadan, Oyo State (near the University of Ibadan second gate)',
    details:
      'Shared and en-suite rooms for students of the University of Ibadan, with a water treatment plant, study lounge and weekly fumigation.',
    style: { wall: '#d7e6cf', roof: '#6b4226', sky: ['#89c9ee', '#e5f4fc'], floors: 3 },
  },
  {
    name: 'Nsukka Heights Hostel',
    facts: {
      state: 'Enugu',
      city: 'Nsukka',
      university: 'UNN',
      walking_minutes: 15,
      gender_policy: 'male_only',
      amenities: ['generator', 'water', 'security'],
      latitude: 6.864,
      longitude: 7.409,
      rent_plan: 'full',
    },
    address: '5 Odenigbo Road, University of Nigeria, Nsukka, Enugu State',
    details:
      'Spacious flats on the hill above UNN with solar street lights, a standby generator and a shuttle to the faculty area during exams.',
    style: { wall: '#f0d9d0', roof: '#7a2e2e', sky: ['#6fb9e6', '#dcefff'], floors: 2 },
  },
  {
    name: 'Samaru Comfort Lodge',
    facts: {
      state: 'Kaduna',
      city: 'Zaria',
      university: 'ABU',
      walking_minutes: 8,
      gender_policy: 'mixed',
      amenities: ['kitchen', 'security', 'water', 'laundry'],
      latitude: 11.152,
      longitude: 7.654,
      rent_plan: 'full',
    },
    address: '12 Hanwa Road, Samaru, Zaria, Kaduna State (close to Ahmadu Bello University)',
    details:
      'Affordable rooms for ABU students with tiled floors, wardrobes, a shared kitchen per floor and round-the-clock security.',
    style: { wall: '#efe3c8', roof: '#3f6b3f', sky: ['#80c4ef', '#e0f2fd'], floors: 3 },
  },
];

type PlannedRoom = { unit: RoomUnit; price: number };

/** Rent per year in naira by unit, roughly what students pay near Nigerian campuses in 2026. */
const RENT: Record<RoomUnit, number> = {
  'single room (share facilities)': 280_000,
  'one bedroom flat': 650_000,
  'two bedroom flat': 1_150_000,
  'three bedroom flat': 1_650_000,
  'four bedroom flat': 2_200_000,
};

/** Seven rooms a hostel, all available: the demo's bookings and tenancies book and rent some. */
function roomsFor(hostelIndex: number): PlannedRoom[] {
  return Array.from({ length: 7 }, (_, i) => {
    const unit = ROOM_UNITS[(i + hostelIndex) % ROOM_UNITS.length] as RoomUnit;
    // Lagos costs more than the other cities; round to the nearest ₦5,000 like real listings.
    const cityFactor = hostelIndex === 1 ? 1.35 : 1 + hostelIndex * 0.04;
    const price = Math.round((RENT[unit] * cityFactor) / 5000) * 5000;
    return { unit, price };
  });
}

/**
 * A few rooms show their own photos, as an admin adds them (most rooms have none, as in real life):
 * two for the first room of the first hostel, one for its second room and the second hostel's first.
 */
const roomPhotoCount = (hostelIndex: number, roomIndex: number) =>
  hostelIndex === 0 ? ([2, 1][roomIndex] ?? 0) : hostelIndex === 1 && roomIndex === 0 ? 1 : 0;

/** Through the same code as an admin's forms: createHostel, createRoom and addRoomPhotos. */
async function seedDemoHostels(deps: Pick<Deps, 'db' | 'storage' | 'config'>): Promise<DemoRoom[][]> {
  const made: DemoRoom[][] = [];
  for (const [i, demo] of DEMO_HOSTELS.entries()) {
    const photos = await Promise.all([0, 1, 2].map((variant) => demoPhoto({ ...demo.style, variant })));
    const stored: StoredImage[] = [];
    for (const p of photos) stored.push(await storePhoto(deps.storage, p, 'hostels'));
    const hostel = await createHostel(
      deps,
      { hostel_name: demo.name, address: demo.address, hostel_details: demo.details, ...demo.facts },
      stored,
    );
    const rooms: DemoRoom[] = [];
    for (const [n, r] of roomsFor(i).entries()) {
      const fees = {
        agent_fee: Math.round((r.price * 0.1) / 1000) * 1000,
        caution_fee: r.price >= 1_000_000 ? 100_000 : 50_000,
      };
      const room = await createRoom(deps, {
        hostel: hostel._id,
        room_number: `room ${String(n + 1).padStart(2, '0')}`,
        unit: r.unit,
        status: 'available',
        price: r.price,
        rent_plan: null,
        ...fees,
        commission_fee: Math.round((r.price * 0.05) / 1000) * 1000,
      });
      const photoCount = roomPhotoCount(i, n);
      if (photoCount > 0) {
        const roomPhotos: StoredImage[] = [];
        for (let variant = 0; variant < photoCount; variant++) {
          const style = { wall: demo.style.wall, floor: '#b08a5a', variant };
          roomPhotos.push(await storePhoto(deps.storage, await demoRoomPhoto(style), 'rooms'));
        }
        await addRoomPhotos(deps, room._id, roomPhotos);
      }
      rooms.push({
        id: room._id,
        hostelId: hostel._id,
        price: r.price,
        agentFee: fees.agent_fee,
        cautionFee: fees.caution_fee,
      });
    }
    made.push(rooms);
  }
  return made;
}

async function seedDemoData(
  deps: Pick<Deps, 'db' | 'storage' | 'privateStorage' | 'config' | 'payments' | 'jobs' | 'log'>,
) {
  const started = Date.now();
  const made = await seedDemoHostels(deps);
  const { students } = await seedDemoTenancies(deps, (h, r) => made[h]![r]!);
  return { hostels: made.length, rooms: made.flat().length, students, ms: Date.now() - started };
}

/**
 * Demo hostels and rooms, and (with the sandbox) students living in them, added once to an empty
 * database (SEED_DEMO), never again after.
 */
export async function seedDemoOnce(
  deps: Pick<Deps, 'db' | 'storage' | 'privateStorage' | 'log' | 'config' | 'payments' | 'jobs'>,
): Promise<void> {
  if (await wasDone(deps, 'demo_seeded')) return;
  if ((await countHostels(deps)) === 0) deps.log.info(await seedDemoData(deps), 'demo data added');
  await markDone(deps, 'demo_seeded');
}
