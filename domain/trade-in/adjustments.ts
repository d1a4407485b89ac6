/**
 * The condition questions of trade-in step 2 (conversion §2.3, §3 adjustmentAnswers) and how each
 * answer moves the estimate. Pure data and arithmetic, shared by the form and the API so the
 * shopper sees exactly the figures the server stores.
 */

export interface AdjustmentAnswer {
  id: string;
  label: string;
  /** Change to the base value as a fraction: -0.05 is 5% off. */
  percent: number;
}

export interface AdjustmentQuestion {
  id: string;
  question: string;
  answers: readonly AdjustmentAnswer[];
}

/**
 * Not spec figures: the platform's own starting point, chosen so a well-kept car keeps the base
 * value (every first answer is 0%) and each fault costs roughly what fixing or disclosing it
 * costs a dealer on an average used car. The order is the order the form asks them.
 */
export const ADJUSTMENT_QUESTIONS: readonly AdjustmentQuestion[] = [
  {
    id: 'accident_damage',
    question: 'Has the car had any accident damage?',
    answers: [
      { id: 'none', label: 'None', percent: 0 },
      { id: 'minor', label: 'Minor (repaired scratches or dents)', percent: -0.05 },
      { id: 'major', label: 'Major (structural or insurance repair)', percent: -0.2 },
    ],
  },
  {
    id: 'service_history',
    question: 'Does it have a service history?',
    answers: [
      { id: 'full', label: 'Full service history', percent: 0 },
      { id: 'partial', label: 'Partial service history', percent: -0.03 },
      { id: 'none', label: 'No service history', percent: -0.08 },
    ],
  },
  {
    id: 'keys',
    question: 'How many keys do you have?',
    answers: [
      { id: '2+', label: '2 or more', percent: 0 },
      { id: '1', label: '1', percent: -0.01 },
    ],
  },
  {
    id: 'tyres',
    question: 'What condition are the tyres in?',
    answers: [
      { id: 'good', label: 'Good', percent: 0 },
      { id: 'need_replacing', label: 'Need replacing', percent: -0.03 },
    ],
  },
  {
    id: 'interior',
    question: 'What condition is the interior in?',
    answers: [
      { id: 'clean', label: 'Clean', percent: 0 },
      { id: 'worn', label: 'Worn, stained or damaged', percent: -0.03 },
    ],
  },
  {
    id: 'warning_lights',
    question: 'Are any warning lights on the dashboard?',
    answers: [
      { id: 'none', label: 'None', percent: 0 },
      { id: 'some', label: 'Yes, one or more', percent: -0.07 },
    ],
  },
];

/** Question id to answer id, e.g. { accident_damage: 'none', keys: '1', ... }: the §3 adjustmentAnswers. */
export type AdjustmentAnswers = Readonly<Record<string, string>>;

export interface AdjustmentLine {
  questionId: string;
  question: string;
  answerId: string;
  answer: string;
  percent: number;
  /** Whole dollars, a multiple of 50; 0 for an answer that changes nothing. */
  effect: number;
}

export type AdjustmentResult = { ok: true; value: number; lines: AdjustmentLine[] } | { ok: false; errors: string[] };

/** Offers are quoted to the nearest $50: finer figures suggest a precision the estimate does not have. */
export const ADJUSTMENT_ROUNDING = 50;

const round50 = (amount: number) => Math.round(amount / ADJUSTMENT_ROUNDING) * ADJUSTMENT_ROUNDING;

/**
 * Every question must be answered once with one of its answers; anything else is an error
 * naming the question or answer, in question order, so the form can show them beside the fields.
 */
export function validateAdjustmentAnswers(
  answers: unknown,
  questions: readonly AdjustmentQuestion[] = ADJUSTMENT_QUESTIONS,
): { ok: true; answers: AdjustmentAnswers } | { ok: false; errors: string[] } {
  if (typeof answers !== 'object' || answers === null || Array.isArray(answers))
    return { ok: false, errors: ['Answers must be an object of question id to answer id.'] };
  const given = answers as Record<string, unknown>;
  const errors: string[] = [];
  const known = new Set(questions.map((q) => q.id));
  for (const key of Object.keys(given)) {
    if (!known.has(key)) errors.push(`Unknown question "${key}".`);
  }
  const clean: Record<string, string> = {};
  for (const q of questions) {
    const answer = given[q.id];
    if (answer === undefined || answer === null || answer === '') {
      errors.push(`Please answer "${q.question}"`);
    } else if (typeof answer !== 'string' || !q.answers.some((a) => a.id === answer)) {
      errors.push(
        `"${String(answer)}" is not an answer to "${q.question}": choose ${q.answers.map((a) => `"${a.id}"`).join(', ')}.`,
      );
    } else {
      clean[q.id] = answer;
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true, answers: clean };
}

/**
 * The base value moved by each answer. Each effect is a percentage of the base (effects do not
 * compound, so the lines can be read one by one) rounded to the nearest $50; the value is the base
 * plus the effects, rounded to the nearest $50 and never below $0. With a base that is a multiple
 * of $50 (valuations are multiples of $100) the lines add up to the value exactly.
 */
export function applyAdjustments(
  base: number,
  answers: unknown,
  questions: readonly AdjustmentQuestion[] = ADJUSTMENT_QUESTIONS,
): AdjustmentResult {
  if (!Number.isFinite(base) || base < 0)
    return { ok: false, errors: ['The base value must be a number of dollars, 0 or more.'] };
  const valid = validateAdjustmentAnswers(answers, questions);
  if (!valid.ok) return valid;
  const lines = questions.map((q): AdjustmentLine => {
    const answerId = valid.answers[q.id] ?? '';
    const answer = q.answers.find((a) => a.id === answerId);
    const percent = answer?.percent ?? 0;
    // `+ 0` turns the -0 of a 0% effect into 0, which JSON and equality checks treat alike anyway.
    return {
      questionId: q.id,
      question: q.question,
      answerId,
      answer: answer?.label ?? answerId,
      percent,
      effect: round50(base * percent) + 0,
    };
  });
  const value = Math.max(0, round50(base + lines.reduce((sum, line) => sum + line.effect, 0)));
  return { ok: true, value, lines };
}
