import type { DayCount } from '../../api/types.js';

const SERIES = [
  { key: 'signUps', label: 'Sign-ups', className: 'bar-signups' },
  { key: 'signIns', label: 'Sign-ins', className: 'bar-signins' },
] as const;

const W = 600;
const H = 160;
const PAD = 24;

/**
 * Sign-ups and sign-ins per day as a hand-drawn SVG (two bars a day): a few hundred bytes instead of a
 * chart library. The SVG is one image with a summary for screen readers; the same numbers are in the
 * table below it, which is what assistive technology and phone-width readers use.
 */
export function DailyChart({ days }: { days: DayCount[] }) {
  const max = Math.max(1, ...days.flatMap((d) => [d.signUps, d.signIns]));
  const slot = (W - PAD) / days.length;
  const bar = Math.max(1, slot / 2 - 1);
  const y = (value: number) => H - PAD - (value / max) * (H - 2 * PAD);
  const total = (key: 'signUps' | 'signIns') => days.reduce((sum, d) => sum + d[key], 0);
  const summary = `Last ${days.length} days: ${total('signUps')} sign-ups and ${total('signIns')} sign-ins; busiest day ${max} of either.`;
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="daily-chart-title">
        <title id="daily-chart-title">{summary}</title>
        <line x1={PAD} x2={W} y1={H - PAD} y2={H - PAD} className="axis" />
        <text x={0} y={PAD} className="tick">
          {max}
        </text>
        <text x={0} y={H - PAD} className="tick">
          0
        </text>
        {days.map((d, i) =>
          SERIES.map((s, j) => (
            <rect
              key={`${d.day}-${s.key}`}
              x={PAD + i * slot + j * bar}
              y={y(d[s.key])}
              width={bar}
              height={H - PAD - y(d[s.key])}
              className={s.className}
            />
          )),
        )}
        <text x={PAD} y={H - 6} className="tick">
          {days[0]?.day}
        </text>
        <text x={W} y={H - 6} className="tick" textAnchor="end">
          {days.at(-1)?.day}
        </text>
      </svg>
      <figcaption>
        <span className="key bar-signups" aria-hidden="true" /> Sign-ups{' '}
        <span className="key bar-signins" aria-hidden="true" /> Sign-ins (per day, UTC)
      </figcaption>
      <details>
        <summary>The numbers per day</summary>
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Sign-ups, sign-ins and failed sign-ins per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Sign-ups</th>
                <th scope="col">Sign-ins</th>
                <th scope="col">Failed sign-ins</th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.day}>
                  <th scope="row" data-label="Day">
                    {d.day}
                  </th>
                  <td data-label="Sign-ups">{d.signUps}</td>
                  <td data-label="Sign-ins">{d.signIns}</td>
                  <td data-label="Failed sign-ins">{d.failedSignIns}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
