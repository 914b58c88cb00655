import type { Chart } from 'chart.js';
import { useEffect, useRef } from 'preact/hooks';
import { queryString } from '../api';
import { useConsole, useLoad } from '../app-context';
import { MODALITY_BANDS } from '../clause-format';
import { Empty, ErrorNotice, Loading } from '../components';
import { MOOD_COLORS, PROCESS_COLORS } from '../palette';
import { hrefOf, navigate, type Route } from '../router';
import { type ClausePage, type GraphNode, MOODS, PROCESS_TYPES } from '../wire-types';
import { summarizeDocuments } from './documents';

interface Counts {
  total: number;
  mood: [string, number][];
  process: [string, number][];
  modality: [string, number][];
}

/** Counts from the totals of GET /clauses with one filter each and limit=1 (no statistics route needed). */
async function countClauses(get: <T>(path: string) => Promise<T>, documentId: string): Promise<Counts> {
  const total = (filters: Record<string, string | number>) =>
    get<ClausePage>(`/clauses${queryString({ document_id: documentId, limit: 1, ...filters })}`).then(
      (page) => page.total,
    );
  const [all, moods, processes, bands] = await Promise.all([
    total({}),
    Promise.all(MOODS.map((mood) => total({ mood }))),
    Promise.all(PROCESS_TYPES.map((process_type) => total({ process_type }))),
    Promise.all(MODALITY_BANDS.map((band) => total({ min_modality: band.min, max_modality: band.max }))),
  ]);
  return {
    total: all,
    mood: MOODS.map((mood, index) => [mood, moods[index]!]),
    process: PROCESS_TYPES.map((type, index) => [type, processes[index]!]),
    modality: MODALITY_BANDS.map((band, index) => [band.label, bands[index]!]),
  };
}

function BarChart({ title, rows, colors }: { title: string; rows: [string, number][]; colors: string[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: Chart | null = null;
    let cancelled = false;
    import('../bar-chart').then(({ drawBarChart }) => {
      if (cancelled || !canvas.current) return;
      chart = drawBarChart(canvas.current, title, rows, colors);
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [rows, colors, title]);
  const summary = rows.map(([label, count]) => `${label} ${count}`).join(', ');
  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      <div class="chart-box">
        <canvas ref={canvas} role="img" aria-label={`${title}: ${summary}`} />
      </div>
      <table class="counts" data-testid={`counts-${title}`}>
        <tbody>
          {rows.map(([label, count]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td class="num">{count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Corpus at a glance: clauses by mood, process type and modality band, for a document or the store. */
export function CorpusScreen({ route }: { route: Route }) {
  const { client } = useConsole();
  const documentId = route.query.get('document') ?? '';
  const documents = useLoad(() => client.get<GraphNode[]>('/graph/nodes').then(summarizeDocuments), [client]);
  const counts = useLoad(() => countClauses(client.get, documentId), [client, documentId]);
  return (
    <div>
      <div class="row spread">
        <h2>Corpus at a glance</h2>
        <label>
          scope{' '}
          <select
            class="narrow"
            value={documentId}
            onChange={(event) => navigate(hrefOf(['corpus'], { document: event.currentTarget.value }))}
          >
            <option value="">whole store</option>
            {(documents.data ?? []).map((doc) => (
              <option key={doc.id} value={doc.id}>
                {doc.id}
              </option>
            ))}
            {documentId && !documents.data?.some((doc) => doc.id === documentId) && (
              <option value={documentId}>{documentId}</option>
            )}
          </select>
        </label>
      </div>
      {counts.loading && !counts.data && <Loading what="counts" />}
      <ErrorNotice error={counts.error} onRetry={counts.reload} />
      {counts.data &&
        (counts.data.total === 0 ? (
          <Empty>
            No stored clauses{documentId ? ` in ${documentId}` : ''} to count. Compile a document under{' '}
            <a href="#/documents">Documents</a>.
          </Empty>
        ) : (
          <>
            <p data-testid="corpus-total">
              <b>{counts.data.total}</b> clauses {documentId ? `in ${documentId}` : 'in the store'} (rejected
              clauses included as GET /clauses lists them).
            </p>
            <div class="charts">
              <BarChart
                title="by mood"
                rows={counts.data.mood}
                colors={MOODS.map((mood) => MOOD_COLORS[mood])}
              />
              <BarChart
                title="by process type"
                rows={counts.data.process}
                colors={PROCESS_TYPES.map((type) => PROCESS_COLORS[type])}
              />
              <BarChart
                title="by modality band"
                rows={counts.data.modality}
                colors={['#bbbbbb', '#9ecae1', '#4292c6', '#08519c']}
              />
            </div>
          </>
        ))}
    </div>
  );
}
