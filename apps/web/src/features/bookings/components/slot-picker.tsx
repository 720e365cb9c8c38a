import { INSPECTION_SLOTS, type InspectionSlot } from '@studynest/contracts/constants';
import { useId, useState } from 'react';
import { ClockIcon } from '../../../components/ui/icons.tsx';

/** '02:00pm - 02:30pm' → minutes after midnight of its start (840). */
export function slotStartMinutes(slot: string): number {
  const m = /^(\d{2}):(\d{2})(am|pm)/.exec(slot);
  if (!m) return 0;
  const hour = (Number(m[1]) % 12) + (m[3] === 'pm' ? 12 : 0);
  return hour * 60 + Number(m[2]);
}

/**
 * The six inspection slots as a radio list that the clock button folds away (spec: "collapsible via
 * a clock icon"). Slots that already started today are offered but disabled.
 */
export function SlotPicker({
  value,
  onChange,
  isPassed,
}: {
  value: InspectionSlot | '';
  onChange: (slot: InspectionSlot) => void;
  isPassed: (slot: InspectionSlot) => boolean;
}) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  const legendId = useId();
  return (
    <fieldset aria-labelledby={legendId} className="min-w-0">
      <div className="mb-1 flex items-center justify-between gap-2">
        <span id={legendId} className="label mb-0">
          Inspection time
        </span>
        <button
          type="button"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
        >
          <ClockIcon className="size-5" />
          {open ? 'Hide time slots' : 'Show time slots'}
        </button>
      </div>
      {!open && <p className="text-sm text-muted">{value ? `Chosen: ${value}` : 'No time chosen yet.'}</p>}
      <div id={listId} className={`${open ? 'grid' : 'hidden'} gap-2 sm:grid-cols-2`}>
        {INSPECTION_SLOTS.map((slot) => {
          const passed = isPassed(slot);
          return (
            <label
              key={slot}
              className={`flex min-h-11 items-center gap-3 rounded-lg border px-3 py-2 text-sm ${
                value === slot ? 'border-brand-600 bg-brand-50 font-semibold' : 'border-line bg-white'
              } ${passed ? 'cursor-not-allowed opacity-55' : 'cursor-pointer hover:border-brand-600'}`}
            >
              <input
                type="radio"
                name="inspection-slot"
                value={slot}
                checked={value === slot}
                disabled={passed}
                onChange={() => onChange(slot)}
                className="size-4 accent-brand-700"
              />
              <span>
                {slot}
                {passed && <span className="ml-1 text-muted">(time passed)</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
