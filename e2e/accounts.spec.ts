import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { createStudent, expectOnlyNewPasswordWorks, latestCode, logIn, newPerson } from './people.ts';

test('a student signs up, confirms the e-mail, logs in, keeps an emergency contact and logs out', async ({
  page,
  request,
}) => {
  const p = newPerson('Signup');
  await page.goto('/sign-up');
  await expect(page).toHaveTitle(/Sign up/);

  // Client-side validation shows every problem before anything is sent.
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Gender must be male or female')).toBeVisible();

  await page.getByLabel('First Name').fill(p.first_name);
  await page.getByLabel('Last Name').fill(p.last_name);
  await page.getByLabel('Gender').selectOption(p.gender);
  await page.getByLabel('Email').fill(p.email);
  const phone = page.getByLabel('Phone Number');
  await expect(phone).toHaveAttribute('inputmode', 'tel');
  // A number no mobile network has (a Lagos landline) is refused on the page, before sending.
  await phone.fill('01 234 5678');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(
    page.getByText('Enter a Nigerian mobile number of 11 digits, like 0803 123 4567'),
  ).toBeVisible();
  await phone.fill(p.phone_number);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill(p.password);

  // The eye button really shows and hides the password.
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/sign-up-otp\?email=/);
  await expect(page.getByText(p.email).first()).toBeVisible();

  // A wrong code is refused with the server's message.
  const otpInput = page.getByPlaceholder('Enter four digit pin code sent to your email address');
  await expect(otpInput).toHaveAttribute('inputmode', 'numeric');
  await expect(otpInput).toHaveAttribute('autocomplete', 'one-time-code');
  const code = await latestCode(request, p.email, /StudyNest code/);
  await otpInput.fill(code === '0000' ? '1111' : '0000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  // Resend gives a new code; the new one confirms the address.
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByText(/sent it a new 4-digit code/)).toBeVisible();
  await expect.poll(() => latestCode(request, p.email, /StudyNest code/)).not.toBe(code);
  const fresh = await latestCode(request, p.email, /StudyNest code/);
  // As if the code were typed in another tab: without the sign-up's ticket it only confirms, and she
  // logs in (signed in by the code itself: book-signed-out.spec.ts, ADR 0023).
  await page.evaluate(() => sessionStorage.removeItem('signupTicket'));
  await otpInput.fill(fresh);
  await page.getByRole('button', { name: 'Verify' }).click();
  // Straight on to the login page; the good news shows there, with no timer to sit through.
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your email address is confirmed.' }),
  ).toBeVisible();

  // Log in (the e-mail is carried over): home at once, the welcome shown there.
  await expect(page.getByLabel('Email')).toHaveValue(p.email);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 1000 });
  await expect(page.getByRole('status').filter({ hasText: `Welcome back, ${p.first_name}!` })).toBeVisible();

  // The header's user icon now leads to the profile.
  const profileLink = page.getByRole('link', { name: 'Your profile' });
  await expect(profileLink).toHaveAttribute('href', /\/profile\/[0-9a-f-]{36}$/);
  await profileLink.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${p.first_name} ${p.last_name}`);
  await expect(page.getByText(p.email)).toBeVisible();
  await expect(page.getByText(p.phone_stored)).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  // The emergency contact is saved and still there after a reload.
  const contact = page.getByRole('region', { name: 'Emergency Contact Person' });
  await contact.getByLabel('Name').fill('Ngozi Okafor');
  await contact.getByLabel('Relationship').fill('Mother');
  await contact.getByLabel('Phone').fill('not a phone');
  await contact.getByRole('button', { name: 'Save emergency contact' }).click();
  // Checked by the server on submit; its message lands on the field.
  await expect(contact.getByText(/Enter a Nigerian mobile number of 11 digits/)).toBeVisible();
  await contact.getByLabel('Phone').fill('0809 876 5432');
  await contact.getByLabel('Address').fill('12 Herbert Macaulay Way, Yaba, Lagos');
  await contact.getByRole('button', { name: 'Save emergency contact' }).click();
  await expect(contact.getByText('Emergency contact saved.')).toBeVisible();
  await page.reload();
  const reloaded = page.getByRole('region', { name: 'Emergency Contact Person' });
  await expect(reloaded.getByLabel('Name')).toHaveValue('Ngozi Okafor');
  await expect(reloaded.getByLabel('Relationship')).toHaveValue('Mother');
  await expect(reloaded.getByLabel('Phone')).toHaveValue('+2348098765432');
  await expect(reloaded.getByLabel('Address')).toHaveValue('12 Herbert Macaulay Way, Yaba, Lagos');

  // Logout: back home, and the user icon leads to /login again.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  const token = await page.evaluate(() => localStorage.getItem('userToken'));
  expect(token).toBeNull();
});

test('sign-up shows the server message when the e-mail is already taken', async ({ page, request }) => {
  const existing = await createStudent(request, 'Taken');
  await page.goto('/sign-up');
  await page.getByLabel('First Name').fill('Bola');
  await page.getByLabel('Last Name').fill('Ade');
  await page.getByLabel('Gender').selectOption('male');
  await page.getByLabel('Email').fill(existing.email);
  await page.getByLabel('Phone Number').fill('08031234567');
  await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password-1');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert').first()).toContainText('An account with this email already exists');
  await expect(page).toHaveURL(/\/sign-up$/);
});

test('forgot password: a code from the e-mail resets it and the new password logs in', async ({
  page,
  request,
}) => {
  const p = await createStudent(request, 'Forgot');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/forgot-pass-email$/);
  await page.getByLabel('Email').fill(p.email);
  await page.getByRole('button', { name: 'Request OTP' }).click();
  await expect(page).toHaveURL(/\/forgot-pass-otp\?email=/);

  const code = await latestCode(request, p.email, /password reset code/);
  await page.getByPlaceholder('Enter the four-digit code sent to your registered email').fill(code);
  const newPassword = `${p.password}-new`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 1000 });
  await expect(page.getByText(/Your password has been reset/)).toBeVisible();

  // The old password no longer works; the new one does.
  await expectOnlyNewPasswordWorks(page, p.email, p.password, newPassword);
});

test('the admin finds a new student in All Users, searches, and deletes an account', async ({
  page,
  request,
}) => {
  const student = await createStudent(request, 'Listed');
  const doomed = await createStudent(request, 'Doomed');

  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/, { timeout: 8000 });

  await page.goto('/all-users');
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
  await expect(page.getByText(/Total Users: \d+/)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: student.email });
  await expect(row).toContainText('Verified');
  await expect(row).toContainText(student.phone_stored);
  await expect(row).toContainText(`${student.first_name} ${student.last_name}`);

  // The search matches e-mail or phone, case-insensitively; a number typed as 0803… finds +234803….
  const search = page.getByPlaceholder('Search by user email or phone_number only!');
  await search.fill(student.email.toUpperCase());
  await expect(page.getByRole('row')).toHaveCount(2); // header + the one match
  await expect(page.getByText(/Showing 1 of \d+ users/)).toBeVisible();
  await search.fill(doomed.phone_number);
  await expect(page.getByRole('row').filter({ hasText: doomed.email })).toBeVisible();

  // The page itself never scrolls sideways on a phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);

  // Delete asks first, then confirms and the list reloads without the account.
  await page.getByRole('button', { name: `Delete ${doomed.first_name} ${doomed.last_name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this account?' });
  await expect(confirm).toContainText(doomed.email);
  await confirm.getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByText('User Account Deleted Successfully !')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: doomed.email })).toHaveCount(0);
  await expect(page.getByText('No user matches that email or phone number.')).toBeVisible();
});

test('an admin creates another admin, who can log in and lands on the dashboard', async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/, { timeout: 8000 });

  const admin = newPerson('Admin');
  await page.goto('/admin-sign-up');
  await expect(page.getByRole('heading', { name: 'Create An Admin Account.' })).toBeVisible();
  await page.getByLabel('First Name').fill('KEMI');
  await page.getByLabel('Last Name').fill(admin.last_name);
  await page.getByLabel('Gender').selectOption('female');
  // Typed with capitals: it is sent lowercased.
  await page.getByLabel('Email').fill(admin.email.toUpperCase());
  await page.getByLabel('Phone Number').fill(admin.phone_number);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  // On to the dashboard as soon as the account exists (the old notice held the form for 3 s), the
  // notice shown there.
  await expect(page).toHaveURL(/\/admin-dashboard$/, { timeout: 2500 });
  await expect(
    page.getByRole('status').filter({ hasText: 'Admin Account Created Successfully' }),
  ).toBeVisible();

  // The same e-mail again: the server's message shows.
  await page.goto('/admin-sign-up');
  await page.getByLabel('First Name').fill('Kemi');
  await page.getByLabel('Last Name').fill('Again');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Phone Number').fill(admin.phone_number);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'An account with this email already exists' }).first(),
  ).toBeVisible();

  // The new admin logs in (on a fresh device) and lands on the dashboard.
  await page.evaluate(() => localStorage.clear());
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/, { timeout: 1000 });
  await expect(page.getByRole('status').filter({ hasText: 'Welcome back, kemi!' })).toBeVisible();
});

test('All Users is for admins: students see "Admins only", visitors go to /login', async ({
  page,
  request,
}) => {
  await page.goto('/all-users');
  await expect(page).toHaveURL(/\/login$/);

  const student = await createStudent(request, 'Nosy');
  // Logging in from there brings a student back to the page they wanted, which tells them why not.
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/all-users$/, { timeout: 8000 });
  await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();

  // A student cannot open someone else's profile either.
  const other = await createStudent(request, 'Other');
  const otherLogin = await request.post('/api/auth/login', {
    data: { email: other.email, password: other.password },
  });
  const { user } = (await otherLogin.json()) as { user: { _id: string } };
  await page.goto(`/profile/${user._id}`);
  await expect(page.getByText('You can only view your own profile.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${student.first_name} ${student.last_name}`,
  );
});
