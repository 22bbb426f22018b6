/**
 * A report's bar chart, drawn by Recharts: this module is loaded only by the reports screen
 * (React.lazy), so the library stays out of every other bundle. The chart is hidden from
 * assistive technology: the table beside it holds the same numbers.
 */
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

export type ChartBar = { key: string; name: string; color: string };

const AXIS = { stroke: '#9eabc6', fontSize: 12 } as const;

export function ReportChart({
  data,
  bars,
}: {
  data: Record<string, string | number>[];
  bars: readonly ChartBar[];
}) {
  return (
    <div aria-hidden="true" className="mt-4 h-64 w-full">
      <BarChart
        responsive
        accessibilityLayer={false}
        data={data}
        style={{ width: '100%', height: '100%' }}
        margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
      >
        <CartesianGrid stroke="#2a3a5c" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} stroke="#2a3a5c" interval="preserveStartEnd" />
        <YAxis tick={AXIS} stroke="#2a3a5c" allowDecimals={false} width={48} />
        <Tooltip
          cursor={{ fill: 'rgba(255,255,255,0.05)' }}
          contentStyle={{ background: '#0a0f1c', border: '1px solid #2a3a5c', color: '#e6ebf5' }}
        />
        <Legend wrapperStyle={{ color: '#c3cde0', fontSize: 12 }} />
        {bars.map((bar) => (
          <Bar
            key={bar.key}
            maxBarSize={48}
            dataKey={bar.key}
            name={bar.name}
            fill={bar.color}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </div>
  );
}
