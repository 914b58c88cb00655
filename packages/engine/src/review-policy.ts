import type { ClauseAnnotation, ClauseReviewDecision, QueueDecision, QueueStatus } from '@cae/core';
import type { ClauseReviewOutcome } from '@cae/store-drizzle';

/**
 * What a clause review decision does to the annotation (the store records it atomically):
 * accepting vouches for the annotation (no longer untrusted), rejecting keeps it and leaves the
 * clause out of retrieval, and a new annotation written or re-derived for a reviewer counts as accepted.
 */
export function clauseReviewOutcome(
  decision: ClauseReviewDecision,
  before: ClauseAnnotation,
  reannotated?: ClauseAnnotation,
): ClauseReviewOutcome {
  switch (decision) {
    case 'accepted':
      return {
        annotation: { ...before, interpersonal: { ...before.interpersonal, untrusted: false } },
        reviewStatus: 'accepted',
      };
    case 'rejected':
      return { annotation: before, reviewStatus: 'rejected' };
    case 're_annotated':
      if (!reannotated) throw new TypeError('a re_annotated decision needs the new annotation');
      return { annotation: reannotated, reviewStatus: 'accepted' };
  }
}

/** The status each queue decision puts an item in. */
export const QUEUE_STATUS_OF: Record<QueueDecision, Exclude<QueueStatus, 'pending'>> = {
  approve: 'approved',
  reject: 'rejected',
  edit: 'edited',
};

/** The text a queue decision stores as a document: the approved content, the edited text, or none. */
export function textToStore(
  decision: QueueDecision,
  item: { content: string; modality: string },
  editedText: string | undefined,
): string | null {
  if (decision === 'reject' || item.modality !== 'text') return null;
  const text = decision === 'edit' ? editedText : item.content;
  return text?.trim() ? text : null;
}
