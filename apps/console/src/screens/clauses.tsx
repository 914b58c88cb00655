import { useEffect, useState } from 'preact/hooks';
import { queryString } from '../api';
import { useConsole, useLoad } from '../app-context';
import { ClauseWorkbench } from '../clause-review';
import { ErrorNotice, Loading } from '../components';
import { hrefOf, navigate, type Route } from '../router';
import { ANNOTATION_SOURCES, type ClausePage, MOODS, PROCESS_TYPES } from '../wire-types';

const READER_PAGE = 50;

/** Finds the offset of the page of `pageSize` rows that holds a clause of a document. */
async function offsetOfClause(
  get: <T>(path: string) => Promise<T>,
  documentId: string,
  clauseId: string,
  pageSize: number,
): Promise<number> {
  for (let offset = 0; ; offset += 500) {
    const page = await get<ClausePage>(
      `/clauses${queryString({ document_id: documentId, limit: 500, offset })}`,
    );
    const at = page.clauses.findIndex((clause) => clause.id === clauseId);
    if (at >= 0) return Math.floor((offset + at) / pageSize) * pageSize;
    if (offset + page.clauses.length >= page.total || page.clauses.length === 0) return 0;
  }
}

/** One document read as its clauses in order, with every annotation and the review actions. */
export function ReaderScreen({ route }: { route: Route }) {
  const { client } = useConsole();
  const documentId = route.path[1] ?? '';
  const target = route.query.get('clause');
  const explicitOffset = route.query.get('offset');
  const [selectedId, setSelectedId] = useState<string | null>(target);
  useEffect(() => setSelectedId(target), [target]);
  const page = useLoad(async () => {
    const offset =
      explicitOffset !== null
        ? Number(explicitOffset)
        : target
          ? await offsetOfClause(client.get, documentId, target, READER_PAGE)
          : 0;
    return client.get<ClausePage>(
      `/clauses${queryString({ document_id: documentId, limit: READER_PAGE, offset })}`,
    );
  }, [client, documentId, target, explicitOffset]);

  const select = (id: string) => {
    setSelectedId(id);
    history.replaceState(
      null,
      '',
      hrefOf(['documents', documentId], { clause: id, offset: page.data?.offset ?? explicitOffset }),
    );
  };

  return (
    <div>
      <div class="row spread">
        <h2>
          Document <span class="docid">{documentId}</span>
        </h2>
        <div class="row">
          <a href={hrefOf(['graph'], { document: documentId })}>Graph</a>
          <a href={hrefOf(['corpus'], { document: documentId })}>Counts</a>
          <a href={hrefOf(['clauses'], { document_id: documentId })}>Filter its clauses</a>
        </div>
      </div>
      <p class="legend">
        <span class="part role-actor">participant</span> <span class="circ">circumstance</span>{' '}
        <b class="theme">theme</b> · keys: j/k move, a accept, r reject, e re-annotate, n notes
      </p>
      {page.loading && !page.data && <Loading what="clauses" />}
      <ErrorNotice error={page.error} onRetry={page.reload} />
      {page.data && (
        <ClauseWorkbench
          clauses={page.data.clauses}
          page={page.data}
          noun="Clauses"
          selectedId={selectedId}
          onSelect={select}
          onOffset={(offset) => navigate(hrefOf(['documents', documentId], { offset }))}
          onChanged={page.reload}
          showDocument={false}
        />
      )}
    </div>
  );
}

const FILTER_KEYS = [
  'document_id',
  'source_type',
  'annotation_source',
  'mood',
  'process_type',
  'min_modality',
  'max_modality',
  'min_tenor',
  'max_tenor',
  'limit',
] as const;

/** Every filter of GET /clauses, kept in the address so a filtered view can be shared or reloaded. */
export function ClausesScreen({ route }: { route: Route }) {
  const { client } = useConsole();
  const current = Object.fromEntries(FILTER_KEYS.map((key) => [key, route.query.get(key) ?? '']));
  const offset = Number(route.query.get('offset') ?? 0);
  const [form, setForm] = useState(current);
  const routeKey = route.query.toString();
  useEffect(() => setForm(current), [routeKey]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const page = useLoad(
    () => client.get<ClausePage>(`/clauses${queryString({ ...current, offset: offset || undefined })}`),
    [client, routeKey],
  );

  const set = (key: string) => (event: Event) =>
    setForm({ ...form, [key]: (event.currentTarget as HTMLInputElement).value });
  const apply = (event: Event) => {
    event.preventDefault();
    navigate(hrefOf(['clauses'], form));
  };
  const number = (key: string, label: string) => (
    <label>
      {label}
      <input type="number" min={0} max={1} step={0.05} value={form[key]} onInput={set(key)} name={key} />
    </label>
  );
  const choice = (key: string, label: string, options: readonly string[]) => (
    <label>
      {label}
      <select value={form[key]} onChange={set(key)} name={key}>
        <option value="">any</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div>
      <h2>Clauses</h2>
      <form class="filters" onSubmit={apply} aria-label="Clause filters">
        <label>
          document
          <input value={form.document_id} onInput={set('document_id')} name="document_id" />
        </label>
        <label>
          source type
          <input
            value={form.source_type}
            onInput={set('source_type')}
            name="source_type"
            placeholder="document, generated…"
          />
        </label>
        {choice('annotation_source', 'annotated by', ANNOTATION_SOURCES)}
        {choice('mood', 'mood', MOODS)}
        {choice('process_type', 'process type', PROCESS_TYPES)}
        {number('min_modality', 'modality ≥')}
        {number('max_modality', 'modality ≤')}
        {number('min_tenor', 'tenor ≥')}
        {number('max_tenor', 'tenor ≤')}
        <label>
          page size
          <input
            type="number"
            min={1}
            max={500}
            value={form.limit}
            onInput={set('limit')}
            name="limit"
            placeholder="50"
          />
        </label>
        <div class="row">
          <button type="submit" class="primary">
            Apply
          </button>
          <button type="button" onClick={() => navigate(hrefOf(['clauses']))}>
            Clear
          </button>
        </div>
      </form>
      {page.loading && !page.data && <Loading what="clauses" />}
      <ErrorNotice error={page.error} onRetry={page.reload} />
      {page.data && (
        <ClauseWorkbench
          clauses={page.data.clauses}
          page={page.data}
          noun="Clauses"
          selectedId={selectedId}
          onSelect={setSelectedId}
          onOffset={(next) => navigate(hrefOf(['clauses'], { ...current, offset: next }))}
          onChanged={page.reload}
          showDocument={true}
        />
      )}
    </div>
  );
}
