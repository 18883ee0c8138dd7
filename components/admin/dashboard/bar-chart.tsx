import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import styles from "./dashboard.module.css";

/** The chart's own units: it scales to its box (width 100 %), so these are proportions, not pixels. */
const WIDTH = 480;
const HEIGHT = 200;
const MARGIN = { top: 10, right: 8, bottom: 28, left: 56 };

export interface ChartPoint {
  /** YYYY-MM-DD. */
  day: string;
  value: number;
}

/** "Mar 4" for a YYYY-MM-DD day. */
const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/**
 * One figure per day as bars, drawn on the server as SVG with visx (no
 * JavaScript in the browser), with the same figures as a table for screen
 * readers: the picture is hidden from them, the table is hidden from sight.
 * Every seventh day is labelled, the last (today) always.
 */
export function BarChart({
  id,
  title,
  points,
  format,
  axisFormat = format,
}: {
  id: string;
  title: string;
  points: ChartPoint[];
  format: (value: number) => string;
  axisFormat?: (value: number) => string;
}) {
  const x = scaleBand<string>({ domain: points.map((p) => p.day), range: [0, WIDTH - MARGIN.left - MARGIN.right], padding: 0.2 });
  const top = Math.max(0, ...points.map((p) => p.value));
  const y = scaleLinear<number>({ domain: [0, top > 0 ? top : 1], range: [HEIGHT - MARGIN.top - MARGIN.bottom, 0], nice: true });
  const labelled = new Set(points.filter((_, i) => (points.length - 1 - i) % 7 === 0).map((p) => p.day));
  return (
    <figure className={styles.chart} aria-labelledby={`${id}-title`} data-testid={id}>
      <figcaption id={`${id}-title`} className={styles.chartTitle}>
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className={styles.chartPicture} aria-hidden="true" focusable="false">
        <Group left={MARGIN.left} top={MARGIN.top}>
          {points.map((point) => {
            const height = y(0) - y(Math.max(0, point.value));
            return (
              <Bar
                key={point.day}
                x={x(point.day)}
                y={y(0) - height}
                width={x.bandwidth()}
                height={height}
                className={styles.bar}
                data-day={point.day}
                data-value={point.value}
              />
            );
          })}
          <AxisLeft scale={y} numTicks={4} tickFormat={(value) => axisFormat(Number(value))} tickLabelProps={{ className: styles.tick }} />
          <AxisBottom
            top={y(0)}
            scale={x}
            tickValues={points.map((p) => p.day).filter((day) => labelled.has(day))}
            tickFormat={shortDay}
            tickLabelProps={{ className: styles.tick }}
          />
        </Group>
      </svg>
      <table className="visually-hidden">
        <caption>{title}, by day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">{title}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.day}>
              <th scope="row">{shortDay(point.day)}</th>
              <td>{format(point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
