import { useEffect, useRef, useState } from 'preact/hooks';
import { useConsole, useShortcuts } from './app-context';
import { unit, when } from './clause-format';
import { ClauseLabels, ClauseText, Empty, ErrorNotice, Facts, Pager } from './components';
import { hrefOf } from './router';
import type { AnnotatedClause, ClauseReviewRecord, Page } from './wire-types';

type Decision = 'accepted' | 'rejected' | 're_annotated';

const DECISIONS: { decision: Decision; label: string; key: string }[] = [
  { decision: 'accepted', label: 'Accept', key: 'a' },
  { decision: 'rejected', label: 'Reject', key: 'r' },
  { decision: 're_annotated', label: 'Re-annotate', key: 'e' },
];

/** Everything the engine knows about one clause: annotations, theme and rheme, the reasoning trace. */
export function ClauseDetail({ clause }: { clause: AnnotatedClause }) {
  const ip = clause.interpersonal;
  const trace = ip.reasoning_trace;
  const textual = clause.textual;
  return (
    <div class="clause-detail">
      <p class="clause-big">
        <ClauseText clause={clause} />
      </p>
      <ClauseLabels clause={clause} />
      <Facts
        rows={[
          [
            'document',
            <a href={hrefOf(['documents', clause.document_id], { clause: clause.id })}>
              {clause.document_id}
            </a>,
          ],
          ['sentence', String(clause.syntactic.sentence_index)],
          [
            'place',
            `${clause.syntactic.dependency ?? 'independent'}${clause.syntactic.relation ? ` (${clause.syntactic.relation})` : ''}`,
          ],
          ['polarity', ip.polarity ?? '—'],
          ['attitude', ip.speaker_attitude || '—'],
          ['annotated by', `${ip.annotation_source} (${ip.classification_status})`],
          ['source type', clause.source_type ?? '—'],
          ['clause id', <code>{clause.id}</code>],
        ]}
      />
      <h4>Participants and circumstances</h4>
      {clause.ideational.participants.length + clause.ideational.circumstances.length === 0 ? (
        <p class="muted">None found.</p>
      ) : (
        <ul class="roles">
          {clause.ideational.participants.map((item) => (
            <li key={`p${item.start}`}>
              <span class={`part role-${item.role}`}>{item.text}</span> <span class="muted">{item.role}</span>
            </li>
          ))}
          {clause.ideational.circumstances.map((item) => (
            <li key={`c${item.start}`}>
              <span class="circ">{item.text}</span>{' '}
              <span class="muted">
                {item.type}
                {item.subtype ? ` / ${item.subtype}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h4>Theme and rheme</h4>
      {textual ? (
        <p class="theme-rheme" data-testid="theme-rheme">
          <span class="theme-label">Theme{textual.marked_theme ? ' (marked)' : ''}:</span>{' '}
          <b class="theme">{textual.theme.text}</b>
          {textual.theme.elements.length > 0 && (
            <span class="muted"> [{textual.theme.elements.map((element) => element.kind).join(', ')}]</span>
          )}
          <span aria-hidden="true"> ‖ </span>
          <span class="theme-label">Rheme:</span> {textual.rheme.text || '—'}
        </p>
      ) : (
        <p class="muted">No textual analysis for this clause.</p>
      )}
      <h4>Reasoning trace</h4>
      <p>{ip.reasoning}</p>
      <Facts
        rows={[
          ['inference rule', <code>{trace.inference_rule}</code>],
          ['confidence', unit(trace.confidence)],
          ['generated', when(trace.generated_at)],
          ['derivation', <code title={trace.derivation_hash}>{trace.derivation_hash.slice(0, 16)}…</code>],
        ]}
      />
      {trace.rules && trace.rules.length > 0 && (
        <table class="trace" data-testid="trace-rules">
          <caption>Rules that set each label</caption>
          <thead>
            <tr>
              <th scope="col">label</th>
              <th scope="col">rule id</th>
            </tr>
          </thead>
          <tbody>
            {trace.rules.map((rule) => (
              <tr key={rule.label}>
                <td>{rule.label}</td>
                <td>
                  <code>{rule.rule}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {trace.premises.length > 0 && (
        <details>
          <summary>Premises ({trace.premises.length})</summary>
          <ul class="premises">
            {trace.premises.map((premise, index) => (
              <li key={index}>
                <b>{premise.label}</b>: {premise.value}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/**
 * A list of clauses beside the selected clause's detail and review actions. Keys (outside text
 * fields): j/k or the arrows move, a accepts, r rejects, e re-annotates, n goes to the notes.
 */
export function ClauseWorkbench({
  clauses,
  page,
  noun,
  selectedId,
  onSelect,
  onOffset,
  onChanged,
  showDocument,
}: {
  clauses: AnnotatedClause[];
  page: Page;
  noun: string;
  selectedId: string | null;
  onSelect(id: string): void;
  onOffset(offset: number): void;
  onChanged(): void;
  showDocument: boolean;
}) {
  const { client, settings } = useConsole();
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ClauseReviewRecord | null>(null);
  const [error, setError] = useState<unknown>(null);
  const notesRef = useRef<HTMLTextAreaElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const index = clauses.findIndex((clause) => clause.id === selectedId);
  const selected = index >= 0 ? clauses[index]! : null;

  useEffect(() => {
    setResult(null);
    setError(null);
  }, [selectedId]);

  const move = (step: number) => {
    if (clauses.length === 0) return;
    const next = clauses[Math.min(clauses.length - 1, Math.max(0, (index < 0 ? -step : index) + step))]!;
    onSelect(next.id);
    listRef.current?.querySelector<HTMLButtonElement>(`[data-clause-id="${next.id}"]`)?.focus();
  };

  const decide = async (decision: Decision) => {
    if (!selected || busy) return;
    setBusy(true);
    setError(null);
    try {
      const record = await client.post<ClauseReviewRecord>(
        `/clauses/${encodeURIComponent(selected.id)}/review`,
        {
          decision,
          ...(settings.reviewer.trim() ? { reviewer: settings.reviewer.trim() } : {}),
          ...(notes.trim() ? { notes: notes.trim() } : {}),
        },
      );
      setResult(record);
      setNotes('');
      onChanged();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  useShortcuts({
    j: () => move(1),
    ArrowDown: () => move(1),
    k: () => move(-1),
    ArrowUp: () => move(-1),
    a: () => void decide('accepted'),
    r: () => void decide('rejected'),
    e: () => void decide('re_annotated'),
    n: () => notesRef.current?.focus(),
  });

  if (clauses.length === 0) {
    return (
      <Empty>
        No clauses match. Compile a document under <a href="#/documents">Documents</a>, or loosen the filters.
      </Empty>
    );
  }

  return (
    <div class="workbench">
      <div class="workbench-list">
        <Pager page={page} count={clauses.length} noun={noun} onOffset={onOffset} />
        <ol class="clause-list" ref={listRef} aria-label={noun}>
          {clauses.map((clause) => (
            <li key={clause.id}>
              <button
                type="button"
                class="clause-item"
                data-clause-id={clause.id}
                aria-current={clause.id === selectedId ? 'true' : undefined}
                onClick={() => onSelect(clause.id)}
              >
                <span class="clause-line">
                  <ClauseText clause={clause} />
                </span>
                <ClauseLabels clause={clause} />
                {showDocument && <span class="muted small">{clause.document_id}</span>}
              </button>
            </li>
          ))}
        </ol>
      </div>
      <section class="workbench-detail" aria-label="Selected clause">
        {selected ? (
          <>
            <ClauseDetail clause={selected} />
            <div class="review-box">
              <h4>Review</h4>
              <label for="review-notes">Notes (n)</label>
              <textarea
                id="review-notes"
                ref={notesRef}
                rows={2}
                value={notes}
                onInput={(event) => setNotes(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') event.currentTarget.blur();
                }}
                placeholder="Why (optional). Esc leaves the field, then a / r / e decides."
              />
              <div class="row">
                {DECISIONS.map((entry) => (
                  <button
                    type="button"
                    key={entry.decision}
                    class={`decide decide-${entry.decision}`}
                    disabled={busy}
                    onClick={() => void decide(entry.decision)}
                    aria-keyshortcuts={entry.key}
                  >
                    {entry.label} <kbd>{entry.key}</kbd>
                  </button>
                ))}
              </div>
              <p class="muted small">
                As {settings.reviewer.trim() || 'anonymous (set a reviewer name under Settings)'} · j/k move
              </p>
              {result && (
                <p class="notice notice-ok" role="status" data-testid="review-result">
                  {result.decision.replace('_', '-')} by {result.reviewer ?? 'anonymous'} at{' '}
                  {when(result.created_at)}
                  {result.notes ? ` — “${result.notes}”` : ''}
                </p>
              )}
              <ErrorNotice error={error} />
            </div>
          </>
        ) : (
          <Empty>Select a clause (click it, or press j) to read its annotations and review it.</Empty>
        )}
      </section>
    </div>
  );
}
