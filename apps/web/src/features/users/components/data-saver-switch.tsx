import { CardSection } from '../../../components/ui/card-section.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { setDataSaver, useDataSaver } from '../../../lib/data-saver.ts';

/** This device's data saver (lib/data-saver.ts): kept on the phone, not the account. */
export function DataSaverSwitch() {
  const on = useDataSaver();
  return (
    <CardSection title="Data saver" roomy>
      <Switch
        label="Save data on this phone"
        description="Photos load only when you tap them, and a hostel shows one photo instead of all of them."
        checked={on}
        onChange={setDataSaver}
      />
    </CardSection>
  );
}
