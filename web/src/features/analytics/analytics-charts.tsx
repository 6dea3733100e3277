import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/*
 * The charts, in their own module: recharts is only ever downloaded with the analytics route.
 * Colours come from the theme's CSS variables so the charts follow dark, light and cream.
 */
const axis = { stroke: 'var(--text-muted)', fontSize: 12 };
const tooltipStyle = {
  contentStyle: {
    background: 'var(--surface)',
    border: '1px solid var(--border)',
    color: 'var(--text)',
  },
};

export interface Series {
  key: string;
  label: string;
  color: string;
}

/** One frame for both charts: bars for daily counts, lines for trends. */
function Chart({
  kind,
  data,
  xKey,
  series,
  tickOf,
}: {
  kind: 'bars' | 'lines';
  data: object[];
  xKey: string;
  series: Series[];
  /** The axis's own, shorter name of each point (the tooltip keeps `xKey`'s); all are shown. */
  tickOf?: (index: number) => string;
}) {
  const Frame = kind === 'bars' ? BarChart : LineChart;
  return (
    <ResponsiveContainer width="100%" height={240}>
      <Frame data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
        <XAxis
          dataKey={xKey}
          tick={axis}
          stroke="var(--border)"
          {...(tickOf !== undefined && {
            interval: 0,
            tickFormatter: (_: unknown, index: number) => tickOf(index),
            // The first and last names sit on the plot's edges: room for their halves.
            padding: { left: 16, right: 16 },
          })}
        />
        <YAxis allowDecimals={false} tick={axis} stroke="var(--border)" />
        <Tooltip {...tooltipStyle} />
        <Legend />
        {series.map((s) =>
          kind === 'bars' ? (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} radius={[4, 4, 0, 0]} />
          ) : (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              strokeWidth={2}
              dot={false}
            />
          ),
        )}
      </Frame>
    </ResponsiveContainer>
  );
}

type ChartProps = {
  data: object[];
  xKey: string;
  series: Series[];
  tickOf?: (index: number) => string;
};
export const DailyBars = (props: ChartProps) => <Chart kind="bars" {...props} />;
export const TrendLines = (props: ChartProps) => <Chart kind="lines" {...props} />;
