import { DAY_NAMES, fromClock, type Week } from './hours-model.js';

/** Monday first, as a week reads in most of Europe; the API counts from Sunday. */
export const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0];

/**
 * A week of opening hours drawn and edited: a row per day, its windows as a bar over the 24 hours
 * and as HH:MM fields, with a window added or removed per day. The hours screen and the setup
 * wizard; `owner` names whose week it is (the table's data-owner).
 */
export function WeekEditor({
  week,
  onWeek,
  canWrite,
  owner,
}: {
  week: Week;
  onWeek: (change: (week: Week) => Week) => void;
  canWrite: boolean;
  owner: string;
}) {
  const edit = (weekday: number, change: (windows: Week[number]) => Week[number]) =>
    onWeek((w) => w.map((windows, day) => (day === weekday ? change(windows) : windows)));
  return (
    <table class="week" data-owner={owner}>
      <tbody>
        {DISPLAY_ORDER.map((weekday) => (
          <tr key={weekday} data-weekday={weekday}>
            <th scope="row">{DAY_NAMES[weekday]}</th>
            <td class="bar-cell">
              <DayBar windows={week[weekday]!} />
            </td>
            <td>
              {week[weekday]!.length === 0 && <span class="hint">Closed </span>}
              {week[weekday]!.map((w, i) => (
                <span class="window" key={`${weekday}-${i}`}>
                  <input
                    aria-label={`${DAY_NAMES[weekday]} window ${i + 1} from`}
                    class="clock"
                    value={w.start}
                    disabled={!canWrite}
                    onInput={(e) =>
                      edit(weekday, (ws) =>
                        ws.map((x, j) => (j === i ? { ...x, start: (e.target as HTMLInputElement).value } : x)),
                      )
                    }
                  />
                  –
                  <input
                    aria-label={`${DAY_NAMES[weekday]} window ${i + 1} to`}
                    class="clock"
                    value={w.end}
                    disabled={!canWrite}
                    onInput={(e) =>
                      edit(weekday, (ws) =>
                        ws.map((x, j) => (j === i ? { ...x, end: (e.target as HTMLInputElement).value } : x)),
                      )
                    }
                  />
                  {canWrite && (
                    <button
                      type="button"
                      aria-label={`Remove ${DAY_NAMES[weekday]} window ${i + 1}`}
                      onClick={() => edit(weekday, (ws) => ws.filter((_, j) => j !== i))}
                    >
                      ×
                    </button>
                  )}
                </span>
              ))}
              {canWrite && (
                <button
                  type="button"
                  aria-label={`Add hours on ${DAY_NAMES[weekday]}`}
                  onClick={() => edit(weekday, (ws) => [...ws, { ruleId: null, start: '09:00', end: '17:00' }])}
                >
                  +
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A day's windows drawn over its 24 hours (positions set through the CSSOM: the CSP refuses style attributes). */
function DayBar({ windows }: { windows: Week[number] }) {
  return (
    <div class="day-bar" aria-hidden="true">
      {windows.map((w, i) => {
        const from = fromClock(w.start);
        const to = fromClock(w.end);
        if (from === null || to === null || to <= from) return null;
        return (
          <span
            key={i}
            class="day-bar-window"
            ref={(el) => {
              if (el) {
                el.style.left = `${(from / 1440) * 100}%`;
                el.style.width = `${((to - from) / 1440) * 100}%`;
              }
            }}
          />
        );
      })}
    </div>
  );
}

