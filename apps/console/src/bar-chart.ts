import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

// Only the parts a horizontal bar chart needs, so the lazy chunk stays small.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** Draws a horizontal bar chart of counts on a canvas; destroy() the result when done. */
export function drawBarChart(
  canvas: HTMLCanvasElement,
  title: string,
  rows: [string, number][],
  colors: string[],
): Chart {
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels: rows.map(([label]) => label),
      datasets: [{ label: title, data: rows.map(([, count]) => count), backgroundColor: colors }],
    },
    options: {
      indexAxis: 'y',
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      plugins: { tooltip: { enabled: true } },
      scales: { x: { beginAtZero: true, ticks: { precision: 0 } } },
    },
  });
}
