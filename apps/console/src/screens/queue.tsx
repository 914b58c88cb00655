import { useState } from 'preact/hooks';
import { ApiError, queryString } from '../api';
import { useConsole, useLoad } from '../app-context';
import { when } from '../clause-format';
import { ClauseLabels, ClauseText, Empty, ErrorNotice, Loading, Pager } from '../components';
import { hrefOf, navigate, type Route } from '../router';
import {
  type ContentReviewItem,
  type ContentReviewPage,
  type DecideContentResponse,
  MODALITIES,
} from '../wire-types';

type Outcome = { done: DecideContentResponse } | { error: unknown };

/** The other decision a 409 names, said plainly. */
export function conflictText(error: ApiError): string {
  const details = (error.details ?? {}) as {
    status?: string;
    decision?: string | null;
    reviewer?: string | null;
  };
  const who = details.reviewer ? `by ${details.reviewer}` : 'by someone else';
  const what = details.status ?? 'decided';
  return `Already ${what} ${who}${details.decision ? ` (decision: ${details.decision})` : ''}. Your decision was not recorded.`;
}

function QueueItem({ item }: { item: ContentReviewItem }) {
  const { client, settings } = useConsole();
  const [editing, setEditing] = useState(false);
  const [edited, setEdited] = useState(item.content);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const decide = async (decision: 'approve' | 'reject' | 'edit') => {
    setBusy(true);
    try {
      const done = await client.post<DecideContentResponse>(
        `/review-queue/${encodeURIComponent(item.id)}/decide`,
        {
          decision,
          ...(decision === 'edit' ? { edited_text: edited } : {}),
          ...(settings.reviewer.trim() ? { reviewer: settings.reviewer.trim() } : {}),
        },
      );
      setOutcome({ done });
      setEditing(false);
    } catch (error) {
      setOutcome({ error });
    } finally {
      setBusy(false);
    }
  };

  const decided = outcome && 'done' in outcome ? outcome.done : null;
  const failure = outcome && 'error' in outcome ? outcome.error : null;
  const conflict = failure instanceof ApiError && failure.status === 409 ? failure : null;
  const textId = `edit-${item.id}`;
  const status =
    decided?.review.status ??
    (conflict ? (conflict.details as { status?: string } | undefined)?.status : null) ??
    item.status;

  return (
    <li class="card" data-testid="queue-item" data-item-id={item.id}>
      <div class="row spread">
        <span>
          <span class="badge">{item.modality}</span> from <b>{item.source ?? 'unknown source'}</b> · queued{' '}
          {when(item.created_at)}
        </span>
        <span class={`badge status-${status}`}>{status}</span>
      </div>
      {editing ? (
        <>
          <label for={textId}>Edited text (compiled and stored when saved)</label>
          <textarea
            id={textId}
            rows={4}
            value={edited}
            onInput={(event) => setEdited(event.currentTarget.value)}
          />
        </>
      ) : (
        <p class="quote">{item.content}</p>
      )}
      {Object.keys(item.metadata).length > 0 && (
        <details>
          <summary>Metadata</summary>
          <pre>{JSON.stringify(item.metadata, null, 2)}</pre>
        </details>
      )}
      {!decided && !conflict && (
        <div class="row">
          {editing ? (
            <>
              <button
                type="button"
                class="primary"
                disabled={busy || !edited.trim()}
                onClick={() => void decide('edit')}
              >
                Save edit
              </button>
              <button type="button" disabled={busy} onClick={() => setEditing(false)}>
                Cancel
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                class="decide decide-accepted"
                disabled={busy}
                onClick={() => void decide('approve')}
              >
                Approve
              </button>
              <button
                type="button"
                class="decide decide-rejected"
                disabled={busy}
                onClick={() => void decide('reject')}
              >
                Reject
              </button>
              <button type="button" disabled={busy} onClick={() => setEditing(true)}>
                Edit…
              </button>
            </>
          )}
        </div>
      )}
      {conflict && (
        <div class="notice notice-conflict" role="alert" data-testid="conflict">
          <strong>Someone decided first (409)</strong>
          <p>{conflictText(conflict)}</p>
        </div>
      )}
      {failure && !conflict && <ErrorNotice error={failure} />}
      {decided && (
        <div class="notice notice-ok" role="status" data-testid="decided">
          <p>
            {decided.review.status} by {decided.review.reviewer ?? 'anonymous'} at{' '}
            {when(decided.review.decided_at)}.
            {decided.clauses.length > 0 ? (
              <>
                {' '}
                Stored as {decided.clauses.length} {decided.clauses.length === 1 ? 'clause' : 'clauses'} in{' '}
                <a
                  href={hrefOf(['documents', decided.review.document_id ?? decided.clauses[0]!.document_id])}
                >
                  {decided.review.document_id ?? decided.clauses[0]!.document_id}
                </a>
                :
              </>
            ) : (
              ' Nothing was stored.'
            )}
          </p>
          {decided.clauses.length > 0 && (
            <ol class="compiled">
              {decided.clauses.map((clause) => (
                <li key={clause.id}>
                  <ClauseText clause={clause} /> <ClauseLabels clause={clause} />
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </li>
  );
}

/** Generated content waiting for a human: approve, reject or edit, and see what it compiles to. */
export function QueueScreen({ route }: { route: Route }) {
  const { client } = useConsole();
  const modality = route.query.get('modality') ?? '';
  const offset = Number(route.query.get('offset') ?? 0);
  const page = useLoad(
    () => client.get<ContentReviewPage>(`/review-queue${queryString({ modality, limit: 20, offset })}`),
    [client, modality, offset],
  );
  return (
    <div>
      <div class="row spread">
        <h2>Content review queue</h2>
        <div class="row">
          <label>
            modality{' '}
            <select
              value={modality}
              onChange={(event) => navigate(hrefOf(['queue'], { modality: event.currentTarget.value }))}
            >
              <option value="">any</option>
              {MODALITIES.map((entry) => (
                <option key={entry} value={entry}>
                  {entry}
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={page.reload}>
            Refresh
          </button>
        </div>
      </div>
      <p class="muted">
        Generated text stays quarantined here until a person approves it (it is then compiled and stored as
        <code> generated</code>), edits it, or rejects it.
      </p>
      {page.loading && !page.data && <Loading what="the queue" />}
      <ErrorNotice error={page.error} onRetry={page.reload} />
      {page.data &&
        (page.data.items.length === 0 ? (
          <Empty>Nothing is waiting for review{modality ? ` with modality ${modality}` : ''}.</Empty>
        ) : (
          <>
            <Pager
              page={page.data}
              count={page.data.items.length}
              noun="Pending items"
              onOffset={(next) => navigate(hrefOf(['queue'], { modality, offset: next }))}
            />
            <ol class="queue">
              {page.data.items.map((item) => (
                <QueueItem key={item.id} item={item} />
              ))}
            </ol>
          </>
        ))}
    </div>
  );
}
