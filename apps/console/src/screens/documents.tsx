import { useMemo, useRef, useState } from 'preact/hooks';
import { useConsole, useLoad } from '../app-context';
import { Empty, ErrorNotice, LabelBadge, Loading, Pager } from '../components';
import { hrefOf } from '../router';
import type { AnnotatedClause, GraphNode } from '../wire-types';

/** A document as the clause graph shows it: its id, clause count and commonest labels. */
export interface DocumentSummary {
  id: string;
  clauses: number;
  firstClause: string;
  topMood: string;
  topProcess: string;
}

/** Groups graph nodes into documents (the engine has no document listing route; the nodes carry it). */
export function summarizeDocuments(nodes: GraphNode[]): DocumentSummary[] {
  const byId = new Map<string, GraphNode[]>();
  for (const node of nodes) {
    const list = byId.get(node.document_id) ?? [];
    list.push(node);
    byId.set(node.document_id, list);
  }
  const commonest = (values: string[]) => {
    const counts = new Map<string, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  };
  return [...byId].map(([id, list]) => {
    const ordered = [...list].sort((a, b) => a.sentence_index - b.sentence_index);
    return {
      id,
      clauses: list.length,
      firstClause: ordered[0]?.label ?? '',
      topMood: commonest(list.map((node) => node.mood)),
      topProcess: commonest(list.map((node) => node.process_type)),
    };
  });
}

interface CompileOutcome {
  documentId: string;
  clauses?: number;
  error?: unknown;
}

const PAGE = 25;

/** Paste or upload text to compile (store, embed), and browse the stored documents. */
export function DocumentsScreen() {
  const { client } = useConsole();
  const documents = useLoad(() => client.get<GraphNode[]>('/graph/nodes').then(summarizeDocuments), [client]);
  const [text, setText] = useState('');
  const [documentId, setDocumentId] = useState('');
  const [store, setStore] = useState(true);
  const [embed, setEmbed] = useState(true);
  const [sourceType, setSourceType] = useState('');
  const [annotator, setAnnotator] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<CompileOutcome[]>([]);
  const [filter, setFilter] = useState('');
  const [offset, setOffset] = useState(0);

  const compileOne = async (body: string, id: string | undefined): Promise<CompileOutcome> => {
    try {
      const clauses = await client.post<AnnotatedClause[]>('/pipeline/compile', {
        text: body,
        ...(id ? { document_id: id } : {}),
        store: store || embed,
        embed,
        ...(sourceType.trim() ? { source_type: sourceType.trim() } : {}),
        ...(annotator ? { annotator } : {}),
      });
      return { documentId: clauses[0]?.document_id ?? id ?? '(not stored)', clauses: clauses.length };
    } catch (error) {
      return { documentId: id ?? '(pasted text)', error };
    }
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    const results: CompileOutcome[] = [];
    if (text.trim()) results.push(await compileOne(text, documentId.trim() || undefined));
    for (const file of files) {
      const id =
        file.name
          .replace(/\.[^.]+$/, '')
          .replace(/[^\w.-]+/g, '-')
          .slice(0, 200) || undefined;
      results.push(await compileOne(await file.text(), id));
    }
    setOutcomes(results);
    setBusy(false);
    if (results.some((result) => result.clauses !== undefined)) {
      setText('');
      setDocumentId('');
      setFiles([]);
      if (fileInput.current) fileInput.current.value = '';
      documents.reload();
    }
  };

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const list = documents.data ?? [];
    return needle
      ? list.filter(
          (doc) => doc.id.toLowerCase().includes(needle) || doc.firstClause.toLowerCase().includes(needle),
        )
      : list;
  }, [documents.data, filter]);
  const pageRows = shown.slice(offset, offset + PAGE);

  return (
    <div class="two-columns">
      <section aria-labelledby="add-heading" class="panel">
        <h2 id="add-heading">Add text</h2>
        <form onSubmit={submit}>
          <label for="compile-text">Paste text</label>
          <textarea
            id="compile-text"
            rows={9}
            value={text}
            onInput={(event) => setText(event.currentTarget.value)}
            placeholder="The tenant must pay the rent on the first day of each month…"
          />
          <label for="compile-id">Document id (optional)</label>
          <input
            id="compile-id"
            value={documentId}
            onInput={(event) => setDocumentId(event.currentTarget.value)}
            placeholder="e.g. lease-2024 (default: api-<uuid>)"
            maxLength={200}
          />
          <label for="compile-files">Or upload text files (one document each, named after the file)</label>
          <input
            id="compile-files"
            ref={fileInput}
            type="file"
            multiple
            accept=".txt,.md,.text,text/plain"
            onChange={(event) => setFiles([...(event.currentTarget.files ?? [])])}
          />
          <div class="row">
            <label>
              source type{' '}
              <input
                value={sourceType}
                onInput={(event) => setSourceType(event.currentTarget.value)}
                placeholder="document"
                size={12}
                aria-describedby="source-type-hint"
              />
            </label>
            <label>
              annotator{' '}
              <select value={annotator} onChange={(event) => setAnnotator(event.currentTarget.value)}>
                <option value="">engine default</option>
                <option value="rules">rules</option>
                <option value="llm">llm</option>
              </select>
            </label>
          </div>
          <p id="source-type-hint" class="muted small">
            Any source type but document marks the clauses untrusted; llm labels stay untrusted until a
            reviewer accepts them.
          </p>
          <div class="row">
            <label class="check">
              <input
                type="checkbox"
                checked={store}
                onChange={(event) => setStore(event.currentTarget.checked)}
              />
              store
            </label>
            <label class="check">
              <input
                type="checkbox"
                checked={embed}
                onChange={(event) => setEmbed(event.currentTarget.checked)}
              />
              embed (for search; implies store)
            </label>
          </div>
          <button type="submit" class="primary" disabled={busy || (!text.trim() && files.length === 0)}>
            {busy ? 'Compiling…' : 'Compile'}
          </button>
        </form>
        <ul class="outcomes" aria-live="polite">
          {outcomes.map((outcome) => (
            <li key={outcome.documentId}>
              {outcome.error ? (
                <ErrorNotice error={outcome.error} />
              ) : (
                <span data-testid="compile-result">
                  <b>{outcome.documentId}</b>: {outcome.clauses} clauses compiled
                  {store || embed ? (
                    <>
                      {' '}
                      — <a href={hrefOf(['documents', outcome.documentId])}>read it</a>
                    </>
                  ) : (
                    ' (not stored)'
                  )}
                </span>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="docs-heading" class="panel">
        <div class="row spread">
          <h2 id="docs-heading">Documents</h2>
          <input
            aria-label="Filter documents by id or first clause"
            placeholder="Filter documents"
            value={filter}
            onInput={(event) => {
              setFilter(event.currentTarget.value);
              setOffset(0);
            }}
          />
        </div>
        {documents.loading && !documents.data && <Loading what="documents" />}
        <ErrorNotice error={documents.error} onRetry={documents.reload} />
        {documents.data &&
          (shown.length === 0 ? (
            <Empty>
              {documents.data.length === 0
                ? 'No documents are stored yet. Paste or upload text on the left, with store checked.'
                : 'No document matches the filter.'}
            </Empty>
          ) : (
            <>
              <Pager
                page={{ offset, limit: PAGE, total: shown.length }}
                count={pageRows.length}
                noun="Documents"
                onOffset={setOffset}
              />
              <table class="grid" data-testid="documents-table">
                <thead>
                  <tr>
                    <th scope="col">document</th>
                    <th scope="col">clauses</th>
                    <th scope="col">commonest</th>
                    <th scope="col">begins</th>
                    <th scope="col">
                      <span class="sr-only">views</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {pageRows.map((doc) => (
                    <tr key={doc.id}>
                      <td class="docname">
                        <a href={hrefOf(['documents', doc.id])} title={doc.id}>
                          {doc.id}
                        </a>
                      </td>
                      <td class="num">{doc.clauses}</td>
                      <td class="nowrap">
                        <LabelBadge kind="mood" value={doc.topMood} />{' '}
                        <LabelBadge kind="process" value={doc.topProcess} />
                      </td>
                      <td class="clip">{doc.firstClause}</td>
                      <td class="nowrap">
                        <a href={hrefOf(['graph'], { document: doc.id })}>graph</a> ·{' '}
                        <a href={hrefOf(['corpus'], { document: doc.id })}>counts</a>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ))}
      </section>
    </div>
  );
}
