import { queryString } from '../api';
import { useConsole, useLoad } from '../app-context';
import { unit, when } from '../clause-format';
import { Empty, ErrorNotice, Loading, Pager } from '../components';
import { hrefOf, navigate, type Route } from '../router';
import type { ClauseAnnotation, ClauseReviewPage } from '../wire-types';

/** The fields of an annotation a reviewer compares before and after a decision. */
export function annotationFields(annotation: ClauseAnnotation): [string, string][] {
  const ip = annotation.interpersonal;
  return [
    ['mood', ip.mood],
    ['process type', annotation.ideational.process_type],
    ['modality', `${unit(ip.modality_weight)}${ip.modality_type ? ` ${ip.modality_type}` : ''}`],
    ['polarity', ip.polarity ?? '—'],
    ['tenor', unit(ip.tenor)],
    ['annotated by', ip.annotation_source],
    ['untrusted', String(ip.untrusted)],
    ['participants', annotation.ideational.participants.map((p) => `${p.role}: ${p.text}`).join('; ') || '—'],
    ['theme', annotation.textual?.theme.text ?? '—'],
    ['rule', ip.reasoning_trace.inference_rule],
  ];
}

/** The audit log of clause review decisions: who, when, the notes, and the annotation before and after. */
export function ReviewLogScreen({ route }: { route: Route }) {
  const { client } = useConsole();
  const offset = Number(route.query.get('offset') ?? 0);
  const log = useLoad(
    () => client.get<ClauseReviewPage>(`/clauses/review-queue${queryString({ limit: 20, offset })}`),
    [client, offset],
  );
  return (
    <div>
      <h2>Review log</h2>
      <p class="muted">Every accept, reject and re-annotate decision, newest first.</p>
      {log.loading && !log.data && <Loading what="the review log" />}
      <ErrorNotice error={log.error} onRetry={log.reload} />
      {log.data &&
        (log.data.clauses.length === 0 ? (
          <Empty>
            No decisions yet. Review clauses under <a href="#/clauses">Clauses</a> or in a document.
          </Empty>
        ) : (
          <>
            <Pager
              page={log.data}
              count={log.data.clauses.length}
              noun="Decisions"
              onOffset={(next) => navigate(hrefOf(['review-log'], { offset: next }))}
            />
            <ol class="log">
              {log.data.clauses.map((record) => {
                const before = annotationFields(record.annotation_before);
                const after = new Map(annotationFields(record.annotation_after));
                const rows = before.map(([field, value]) => [field, value, after.get(field) ?? '—'] as const);
                const changed = rows.filter(([, value, next]) => value !== next);
                const same = rows.filter(([, value, next]) => value === next);
                return (
                  <li key={record.id} class="card" data-testid="log-entry">
                    <div class="row spread">
                      <span>
                        <span class={`badge decision-${record.decision}`}>
                          {record.decision.replace('_', '-')}
                        </span>{' '}
                        by <b>{record.reviewer ?? 'anonymous'}</b> at{' '}
                        <time dateTime={record.created_at}>{when(record.created_at)}</time>
                      </span>
                      <a href={hrefOf(['documents', record.document_id], { clause: record.clause_id })}>
                        open clause in {record.document_id}
                      </a>
                    </div>
                    <p class="quote">{record.clause_text}</p>
                    {record.notes && (
                      <p>
                        <span class="muted">Notes:</span> {record.notes}
                      </p>
                    )}
                    {changed.length === 0 ? (
                      <p class="muted small">No label changed.</p>
                    ) : (
                      <table class="diff">
                        <thead>
                          <tr>
                            <th scope="col">changed</th>
                            <th scope="col">before</th>
                            <th scope="col">after</th>
                          </tr>
                        </thead>
                        <tbody>
                          {changed.map(([field, value, next]) => (
                            <tr key={field} class="changed">
                              <th scope="row">{field}</th>
                              <td>{value}</td>
                              <td>{next}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    )}
                    <p class="muted small unchanged">
                      Unchanged: {same.map(([field, value]) => `${field} ${value}`).join(' · ')}
                    </p>
                  </li>
                );
              })}
            </ol>
          </>
        ))}
    </div>
  );
}
