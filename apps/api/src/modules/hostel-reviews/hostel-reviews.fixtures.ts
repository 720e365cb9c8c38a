import type { TestApp } from '../../../test/build-test-app.ts';
import { insertTenancy } from '../../../test/factories.ts';
import { type Caller, send } from '../../../test/requests.ts';
import { freshRoom } from '../../../test/security-fixtures.ts';

/** A new hostel where `userId` rents a room: her stay there has no review yet. */
export async function hostelRentedBy(t: TestApp, userId: string): Promise<string> {
  const room = await freshRoom(t.db, { status: 'rented' });
  await insertTenancy(t.db, room, userId, '2027-06-30');
  return room.hostelId;
}

/** A review by `author` of a new hostel she rents in, through the API; hidden by `hiddenBy` when given. */
export async function tenantReview(
  t: TestApp,
  author: Caller & { user: { id: string } },
  hiddenBy?: Caller,
): Promise<string> {
  const hostelId = await hostelRentedBy(t, author.user.id);
  const res = await send(t, author, 'POST', `/api/hostels/${hostelId}/reviews`, {
    rating: 4,
    text: 'Clean rooms and a calm street.',
  });
  if (res.statusCode !== 201) throw new Error(`review failed: ${res.statusCode} ${res.body}`);
  const id = (res.json() as { _id: string })._id;
  if (hiddenBy) {
    const hidden = await send(t, hiddenBy, 'POST', `/api/hostel-reviews/${id}/hide`, { reason: 'Test' });
    if (hidden.statusCode !== 200) throw new Error(`hide failed: ${hidden.statusCode} ${hidden.body}`);
  }
  return id;
}
