import { describe, expect, it } from 'vitest';
import { clauseReviewOutcome, QUEUE_STATUS_OF, textToStore } from './review-policy';

const before = {
  ideational: { clauseId: 'c', processType: 'material', participants: [], circumstances: [] },
  interpersonal: { clauseId: 'c', mood: 'declarative', untrusted: true },
  textual: null,
} as never;

describe('review policy', () => {
  it('vouches for an accepted annotation, keeps a rejected one, and accepts a new one', () => {
    const accepted = clauseReviewOutcome('accepted', before);
    expect(accepted.reviewStatus).toBe('accepted');
    expect(accepted.annotation.interpersonal).toMatchObject({ mood: 'declarative', untrusted: false });
    expect(clauseReviewOutcome('rejected', before)).toEqual({ annotation: before, reviewStatus: 'rejected' });
    const written = { ...(before as object), textual: { theme: 'x' } } as never;
    expect(clauseReviewOutcome('re_annotated', before, written)).toEqual({
      annotation: written,
      reviewStatus: 'accepted',
    });
    expect(() => clauseReviewOutcome('re_annotated', before)).toThrow(/new annotation/);
  });

  it('maps queue decisions to statuses and stores text only for approved or edited text items', () => {
    expect(QUEUE_STATUS_OF).toEqual({ approve: 'approved', reject: 'rejected', edit: 'edited' });
    const text = { content: 'Original answer.', modality: 'text' };
    expect(textToStore('approve', text, undefined)).toBe('Original answer.');
    expect(textToStore('edit', text, 'Edited answer.')).toBe('Edited answer.');
    expect(textToStore('reject', text, undefined)).toBeNull();
    expect(textToStore('approve', { content: 'image://x', modality: 'image' }, undefined)).toBeNull();
    expect(textToStore('edit', text, '   ')).toBeNull();
  });
});
