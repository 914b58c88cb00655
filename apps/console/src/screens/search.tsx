import { useRef, useState } from 'preact/hooks';
import { useConsole, useShortcuts } from '../app-context';
import { answerParts, unit } from '../clause-format';
import { Empty, ErrorNotice, LabelBadge } from '../components';
import { hrefOf } from '../router';
import {
  ANNOTATION_SOURCES,
  MOODS,
  PROCESS_TYPES,
  type RetrievalResult,
  type RetrieveResponse,
  type SynthesizeResponse,
} from '../wire-types';

const NUMBER_FILTERS = ['min_modality', 'max_modality', 'min_tenor', 'max_tenor'] as const;
const TEXT_FILTERS = ['mood', 'process_type', 'source_type', 'document_id', 'annotation_source'] as const;

/** The filters object of /retrieve and /synthesize from the form (unset fields left out). */
export function retrievalFilters(form: Record<string, string | boolean>): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const key of TEXT_FILTERS) if (typeof form[key] === 'string' && form[key]) filters[key] = form[key];
  for (const key of NUMBER_FILTERS)
    if (typeof form[key] === 'string' && form[key] !== '') filters[key] = Number(form[key]);
  if (form.include_rejected === true) filters.include_rejected = true;
  return filters;
}

function ResultsTable({ results, caption }: { results: RetrievalResult[]; caption: string }) {
  return (
    <table class="grid results" data-testid="results">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">clause</th>
          <th scope="col" title="rank in the vector search">
            semantic rank
          </th>
          <th scope="col" title="rank in the keyword (BM25) search">
            keyword rank
          </th>
          <th scope="col" title="reciprocal rank fusion of both">
            fused score
          </th>
          <th scope="col">labels</th>
        </tr>
      </thead>
      <tbody>
        {results.map((result, index) => (
          <tr key={result.clause_id} id={`result-${index + 1}`}>
            <td class="num">{index + 1}</td>
            <td>
              <a href={hrefOf(['documents', result.document_id], { clause: result.clause_id })}>
                {result.text}
              </a>
              <div class="muted small">
                {result.document_id}
                {result.untrusted ? ' · untrusted' : ''}
              </div>
            </td>
            <td class="num">{result.semantic_rank ?? '—'}</td>
            <td class="num">{result.keyword_rank ?? '—'}</td>
            <td class="num">{result.rrf_score.toFixed(4)}</td>
            <td>
              <LabelBadge kind="mood" value={result.mood} />{' '}
              <LabelBadge kind="process" value={result.process_type} />{' '}
              <span class="badge">mod {unit(result.modality_weight)}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Hybrid search with every filter, and questions answered with citations. */
export function SearchScreen() {
  const { client } = useConsole();
  const [form, setForm] = useState<Record<string, string | boolean>>({ query: '', limit: '10' });
  const [busy, setBusy] = useState<'search' | 'ask' | null>(null);
  const [found, setFound] = useState<RetrieveResponse | null>(null);
  const [answer, setAnswer] = useState<SynthesizeResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const queryRef = useRef<HTMLInputElement>(null);
  useShortcuts({ '/': () => queryRef.current?.focus() });

  const text = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : '');
  const set = (key: string) => (event: Event) => {
    const target = event.currentTarget as HTMLInputElement;
    setForm({ ...form, [key]: target.type === 'checkbox' ? target.checked : target.value });
  };

  const run = async (mode: 'search' | 'ask') => {
    if (!text('query').trim()) return;
    setBusy(mode);
    setError(null);
    const base = {
      query: text('query'),
      limit: Number(text('limit') || 10),
      filters: retrievalFilters(form),
    };
    try {
      if (mode === 'search') {
        setFound(await client.post<RetrieveResponse>('/retrieve', base));
        setAnswer(null);
      } else {
        setAnswer(
          await client.post<SynthesizeResponse>('/synthesize', {
            ...base,
            include_fallback: form.include_fallback === true,
            expand_ancestors: form.expand_ancestors === true,
          }),
        );
        setFound(null);
      }
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  };

  const choice = (key: string, label: string, options: readonly string[]) => (
    <label>
      {label}
      <select value={text(key)} onChange={set(key)}>
        <option value="">any</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
  const number = (key: string, label: string) => (
    <label>
      {label}
      <input type="number" min={0} max={1} step={0.05} value={text(key)} onInput={set(key)} />
    </label>
  );

  return (
    <div>
      <h2>Search and ask</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void run('search');
        }}
      >
        <div class="row query-row">
          <label for="query" class="sr-only">
            Query or question
          </label>
          <input
            id="query"
            ref={queryRef}
            class="grow"
            value={text('query')}
            onInput={set('query')}
            placeholder="Search the clauses, or ask a question (press / to come back here)"
          />
          <button type="submit" class="primary" disabled={busy !== null || !text('query').trim()}>
            {busy === 'search' ? 'Searching…' : 'Search'}
          </button>
          <button
            type="button"
            disabled={busy !== null || !text('query').trim()}
            onClick={() => void run('ask')}
          >
            {busy === 'ask' ? 'Answering…' : 'Ask'}
          </button>
        </div>
        <fieldset class="filters">
          <legend>Filters</legend>
          {choice('mood', 'mood', MOODS)}
          {choice('process_type', 'process type', PROCESS_TYPES)}
          {choice('annotation_source', 'annotated by', ANNOTATION_SOURCES)}
          <label>
            source type
            <input value={text('source_type')} onInput={set('source_type')} />
          </label>
          <label>
            document
            <input value={text('document_id')} onInput={set('document_id')} />
          </label>
          {number('min_modality', 'modality ≥')}
          {number('max_modality', 'modality ≤')}
          {number('min_tenor', 'tenor ≥')}
          {number('max_tenor', 'tenor ≤')}
          <label>
            results
            <input type="number" min={1} max={100} value={text('limit')} onInput={set('limit')} />
          </label>
          <label class="check">
            <input
              type="checkbox"
              checked={form.include_rejected === true}
              onChange={set('include_rejected')}
            />
            include rejected
          </label>
          <label class="check">
            <input
              type="checkbox"
              checked={form.expand_ancestors === true}
              onChange={set('expand_ancestors')}
            />
            ask: expand to parent clauses
          </label>
          <label class="check">
            <input
              type="checkbox"
              checked={form.include_fallback === true}
              onChange={set('include_fallback')}
            />
            ask: allow general knowledge
          </label>
        </fieldset>
      </form>
      <ErrorNotice error={error} />
      {found &&
        (found.results.length === 0 ? (
          <Empty>
            Nothing matches “{found.query}” with these filters. Stored clauses need embed for the semantic
            side.
          </Empty>
        ) : (
          <ResultsTable results={found.results} caption={`${found.count} results for “${found.query}”`} />
        ))}
      {answer && (
        <section class="answer" aria-label="Answer" data-testid="answer">
          <h3>Answer</h3>
          <p class="answer-text">
            {answerParts(answer.answer).map((part, index) =>
              'text' in part ? (
                <span key={index}>{part.text}</span>
              ) : answer.clauses[part.cite - 1] ? (
                <a
                  key={index}
                  class="cite"
                  href={hrefOf(['documents', answer.clauses[part.cite - 1]!.document_id], {
                    clause: answer.clauses[part.cite - 1]!.clause_id,
                  })}
                  title={answer.clauses[part.cite - 1]!.text}
                >
                  [{part.cite}]
                </a>
              ) : (
                <span key={index}>[{part.cite}]</span>
              ),
            )}
          </p>
          <p class="muted">
            confidence {unit(answer.confidence)} · {answer.retrieved_count} clauses retrieved ·{' '}
            {answer.cited_clause_ids.length} cited
            {answer.used_fallback ? ' · from general knowledge' : ''}
            {answer.review_item_id ? (
              <>
                {' '}
                · queued for review (<a href="#/queue">queue</a>)
              </>
            ) : null}
          </p>
          <h4>Citations</h4>
          {answer.cited_clause_ids.length === 0 ? (
            <p class="muted">The answer cites no stored clause.</p>
          ) : (
            <ol class="citations">
              {answer.cited_clause_ids.map((id) => {
                const clause = answer.clauses.find((entry) => entry.clause_id === id);
                const number = answer.clauses.findIndex((entry) => entry.clause_id === id) + 1;
                return (
                  <li key={id} value={number}>
                    {clause ? (
                      <>
                        <a href={hrefOf(['documents', clause.document_id], { clause: id })}>{clause.text}</a>{' '}
                        <span class="muted small">
                          in <a href={hrefOf(['documents', clause.document_id])}>{clause.document_id}</a>
                        </span>
                      </>
                    ) : (
                      <code>{id}</code>
                    )}
                  </li>
                );
              })}
            </ol>
          )}
          {answer.clauses.length > 0 && (
            <ResultsTable results={answer.clauses} caption="Context clauses, in the answer's numbering" />
          )}
        </section>
      )}
    </div>
  );
}
