import { describe, expect, it } from 'vitest';
import { readLeadAnswer } from './lead-answer';

describe('readLeadAnswer (conversion §4.1, §8)', () => {
  it('accepts an answer with a lead_id', () => {
    expect(readLeadAnswer(200, { success: true, lead_id: 42 })).toEqual({ kind: 'accepted', leadId: 42 });
  });

  it("shows the server's own error message, with its field errors", () => {
    const fieldErrors = [{ field: 'email', message: 'Please enter a valid email address.' }];
    expect(readLeadAnswer(400, { success: false, error: 'Please check the form', field_errors: fieldErrors })).toEqual({
      kind: 'failed',
      message: 'Please check the form',
      fieldErrors,
    });
  });

  it("a refused submission without a message is 'An error occurred when submitting this form'", () => {
    for (const [status, answer] of [
      [500, null],
      [503, {}],
      [502, { success: false }],
      [200, { success: false }],
    ] as const)
      expect(readLeadAnswer(status, answer)).toEqual({
        kind: 'failed',
        message: 'An error occurred when submitting this form',
        fieldErrors: [],
      });
  });

  it("an answer with neither lead_id nor error is 'An unexpected error occured' (the spec's spelling)", () => {
    expect(readLeadAnswer(200, { success: true })).toEqual({
      kind: 'failed',
      message: 'An unexpected error occured',
      fieldErrors: [],
    });
    expect(readLeadAnswer(200, null)).toMatchObject({ message: 'An unexpected error occured' });
  });

  it('a lead_id beside an error is not a success', () => {
    expect(readLeadAnswer(200, { lead_id: 7, error: 'Duplicate' })).toMatchObject({
      kind: 'failed',
      message: 'Duplicate',
    });
  });
});
