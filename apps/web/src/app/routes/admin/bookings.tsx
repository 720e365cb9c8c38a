import { PlaceholderScreen } from '../../../components/layouts/placeholder-screen.tsx';

export function Component() {
  return <PlaceholderScreen name="Bookings" />;
}
