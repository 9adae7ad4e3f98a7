import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocale, useUiLanguage } from '../../lib/i18n';
import { ovenColor } from './oven-colors';

// Only the parts these charts use, so the report's chunk stays small.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  DoughnutController,
  ArcElement,
  Tooltip,
  Legend,
);

const INK = '#2b2623';
const FONT = { family: '"Inter Variable", system-ui, sans-serif', size: 13 };

/** A Chart.js chart on a canvas, rebuilt when its configuration changes and destroyed with the component. */
function ChartCanvas({ config, label }: { config: ChartConfiguration; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = new Chart(ref.current, config);
    return () => chart.destroy();
  }, [config]);
  // The numbers are in the table beside it for screen readers; the picture is described by its label.
  return <canvas ref={ref} role="img" aria-label={label} />;
}

/** The 'Unique Users' bars, one per month, day or hour. */
export function UsersBarChart({
  labels,
  counts,
  label,
}: {
  labels: string[];
  counts: number[];
  label: string;
}) {
  const { t } = useTranslation();
  const locale = formatLocale(useUiLanguage());
  const series = t('reportsPage.uniqueUsers');
  // Rebuilt only when the numbers (or the language) change, not on every render.
  const key = JSON.stringify([labels, counts, series, locale]);
  const config = useMemo((): ChartConfiguration => {
    const [names, values, name, lang] = JSON.parse(key) as [string[], number[], string, string];
    return {
      type: 'bar',
      data: {
        labels: names,
        datasets: [{ label: name, data: values, backgroundColor: '#bf360c', borderRadius: 4 }],
      },
      options: {
        locale: lang,
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false } },
        scales: {
          x: { ticks: { color: INK, font: FONT, autoSkip: true, maxRotation: 0 }, grid: { display: false } },
          y: { beginAtZero: true, ticks: { color: INK, font: FONT, precision: 0 } },
        },
      },
    };
  }, [key]);
  return <ChartCanvas config={config} label={label} />;
}

/** A doughnut of counts per oven model, each in its model's colour, with a legend. */
export function ModelsDoughnut({ counts, label }: { counts: Record<string, number>; label: string }) {
  const locale = formatLocale(useUiLanguage());
  const key = JSON.stringify([counts, locale]);
  const config = useMemo((): ChartConfiguration => {
    const [numbers, lang] = JSON.parse(key) as [Record<string, number>, string];
    const entries = Object.entries(numbers).filter(([, n]) => n > 0);
    return {
      type: 'doughnut',
      data: {
        labels: entries.map(([t]) => t),
        datasets: [
          {
            data: entries.map(([, n]) => n),
            backgroundColor: entries.map(([t]) => ovenColor(t)),
            borderColor: '#fff',
            borderWidth: 2,
          },
        ],
      },
      options: {
        locale: lang,
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { position: 'bottom', labels: { color: INK, font: FONT, boxWidth: 14 } } },
      },
    };
  }, [key]);
  return <ChartCanvas config={config} label={label} />;
}
