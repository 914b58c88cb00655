import type { ComponentChildren } from 'preact';
import { ApiError } from './api';
import { useConsole } from './app-context';
import { clauseSegments, pageLabel, unit } from './clause-format';
import { MOOD_COLORS, PROCESS_COLORS } from './palette';
import type { AnnotatedClause, Mood, Page, ProcessType } from './wire-types';

/** What went wrong, said for a person, with what to do next. */
export function describeError(error: unknown, baseUrl: string): { title: string; detail: string } {
  if (!(error instanceof ApiError)) {
    return { title: 'Something went wrong', detail: error instanceof Error ? error.message : String(error) };
  }
  switch (error.status) {
    case 0:
      return {
        title: 'The engine does not answer',
        detail: `Nothing answered at ${baseUrl}. Is the engine running (pnpm start:engine)? Check the engine URL under Settings.`,
      };
    case 401:
      return {
        title: 'The engine needs a caller token (401)',
        detail: `${error.message}. Enter a token from CAE_API_TOKENS under Settings; it is kept for this tab only.`,
      };
    case 409:
      return { title: 'Someone decided first (409)', detail: error.message };
    case 413:
      return {
        title: 'Too large for the engine (413)',
        detail: `${error.message}. Split the text into smaller documents, or raise CAE_MAX_BODY_BYTES and CAE_MAX_TEXT_LENGTH on the engine.`,
      };
    case 400:
      return { title: 'The engine refused the request (400)', detail: invalidFields(error) };
    case 404:
      return { title: 'Not found (404)', detail: error.message };
    case 503:
      return { title: 'The engine is not ready (503)', detail: error.message };
    default:
      return { title: `The engine answered ${error.status} (${error.code})`, detail: error.message };
  }
}

function invalidFields(error: ApiError): string {
  const details = error.details as { issues?: { path?: string; message?: string }[] } | undefined;
  if (Array.isArray(details?.issues) && details.issues.length > 0) {
    return details.issues.map((issue) => `${issue.path ?? ''}: ${issue.message ?? ''}`).join('; ');
  }
  return error.message;
}

/** An error box with the reason and, where it helps, a way out (settings, retry). */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { client, openSettings } = useConsole();
  if (!error) return null;
  const { title, detail } = describeError(error, client.baseUrl);
  const status = error instanceof ApiError ? error.status : -1;
  return (
    <div class="notice notice-error" role="alert" data-status={status}>
      <strong>{title}</strong>
      <p>{detail}</p>
      <div class="row">
        {(status === 401 || status === 0) && (
          <button type="button" onClick={openSettings}>
            Open settings
          </button>
        )}
        {onRetry && (
          <button type="button" onClick={onRetry}>
            Try again
          </button>
        )}
      </div>
    </div>
  );
}

/** An empty state: what is missing and how to get some. */
export function Empty({ children }: { children: ComponentChildren }) {
  return <div class="empty">{children}</div>;
}

/** "Loading…" that screen readers announce. */
export function Loading({ what }: { what: string }) {
  return (
    <p class="loading" aria-live="polite">
      Loading {what}…
    </p>
  );
}

/** Paging: which rows are shown out of the total, and previous/next. */
export function Pager({
  page,
  count,
  noun,
  onOffset,
}: {
  page: Page;
  count: number;
  noun: string;
  onOffset(offset: number): void;
}) {
  return (
    <nav class="pager" aria-label={`${noun} pages`}>
      <span data-testid="page-label">
        {noun} {pageLabel(page.offset, count, page.total)}
      </span>
      <button
        type="button"
        disabled={page.offset === 0}
        onClick={() => onOffset(Math.max(0, page.offset - page.limit))}
      >
        ← Previous
      </button>
      <button
        type="button"
        disabled={page.offset + count >= page.total}
        onClick={() => onOffset(page.offset + page.limit)}
      >
        Next →
      </button>
    </nav>
  );
}

/** A mood or process-type label in its colour. */
export function LabelBadge({ kind, value }: { kind: 'mood' | 'process'; value: string }) {
  const color = kind === 'mood' ? MOOD_COLORS[value as Mood] : PROCESS_COLORS[value as ProcessType];
  return (
    <span class="badge" style={{ borderColor: color }} title={kind === 'mood' ? 'mood' : 'process type'}>
      <span class="dot" style={{ background: color }} aria-hidden="true" />
      {value}
    </span>
  );
}

/** Review state of a clause, and what is not yet vouched for: an untrusted source, unverified labels. */
export function TrustBadge({
  clause,
}: {
  clause: Pick<AnnotatedClause, 'untrusted' | 'review_status'> & {
    interpersonal?: { untrusted: boolean };
  };
}) {
  const status = clause.review_status ?? 'unreviewed';
  return (
    <>
      <span class={`badge status-${status}`}>{status}</span>
      {clause.untrusted && (
        <span class="badge untrusted" title="the text comes from a source that is not a vetted document">
          untrusted source
        </span>
      )}
      {clause.interpersonal?.untrusted && (
        <span class="badge untrusted" title="labels from a language model, not yet accepted by a reviewer">
          unverified labels
        </span>
      )}
    </>
  );
}

/** Clause text with participants (shaded, role below), circumstances (dashed) and the theme (bold). */
export function ClauseText({ clause }: { clause: AnnotatedClause }) {
  const segments = clauseSegments(clause);
  return (
    <span class="clause-text">
      {segments.map((segment, index) => {
        let node: ComponentChildren = segment.text;
        if (segment.theme) node = <b class="theme">{node}</b>;
        if (segment.circumstance) {
          node = (
            <span class="circ" title={`circumstance: ${segment.circumstance}`}>
              {node}
            </span>
          );
        }
        if (segment.participant) {
          node = (
            <span class={`part role-${segment.participant}`} title={`participant: ${segment.participant}`}>
              {node}
            </span>
          );
        }
        return <span key={index}>{node}</span>;
      })}
    </span>
  );
}

/** Summary line of a clause: mood, process type, modality, tenor. */
export function ClauseLabels({ clause }: { clause: AnnotatedClause }) {
  const ip = clause.interpersonal;
  return (
    <span class="labels">
      <LabelBadge kind="mood" value={ip.mood} />
      <LabelBadge kind="process" value={clause.ideational.process_type} />
      <span class="badge" title="modality weight and type">
        modality {unit(ip.modality_weight)}
        {ip.modality_type ? ` ${ip.modality_type}` : ''}
      </span>
      <span class="badge" title="tenor: 0 close and informal, 1 distant and formal">
        tenor {unit(ip.tenor)}
      </span>
      <TrustBadge clause={clause} />
    </span>
  );
}

/** Key and value rows. */
export function Facts({ rows }: { rows: [string, ComponentChildren][] }) {
  return (
    <dl class="facts">
      {rows.map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
