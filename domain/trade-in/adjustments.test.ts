import { describe, expect, it } from 'vitest';
import {
  ADJUSTMENT_QUESTIONS,
  applyAdjustments,
  validateAdjustmentAnswers,
  type AdjustmentQuestion,
} from './adjustments';

const allGood = {
  accident_damage: 'none',
  service_history: 'full',
  keys: '2+',
  tyres: 'good',
  interior: 'clean',
  warning_lights: 'none',
};

describe('adjustment questions (trade-in step 2)', () => {
  it('asks about accident damage, service history, keys, tyres, interior and warning lights, a well-kept car losing nothing', () => {
    expect(ADJUSTMENT_QUESTIONS.map((q) => q.id)).toEqual([
      'accident_damage',
      'service_history',
      'keys',
      'tyres',
      'interior',
      'warning_lights',
    ]);
    for (const q of ADJUSTMENT_QUESTIONS) expect(q.answers[0]?.percent).toBe(0);
  });
});

describe('applyAdjustments', () => {
  it('keeps the base for a well-kept car and lists every answer', () => {
    const result = applyAdjustments(20000, allGood);
    expect(result.ok && result.value).toBe(20000);
    expect(result.ok && result.lines.map((l) => [l.question, l.answer, l.effect])).toEqual([
      ['Has the car had any accident damage?', 'None', 0],
      ['Does it have a service history?', 'Full service history', 0],
      ['How many keys do you have?', '2 or more', 0],
      ['What condition are the tyres in?', 'Good', 0],
      ['What condition is the interior in?', 'Clean', 0],
      ['Are any warning lights on the dashboard?', 'None', 0],
    ]);
  });

  it('takes each percentage of the base, in dollars, and the lines add up to the value', () => {
    const result = applyAdjustments(20000, {
      ...allGood,
      accident_damage: 'minor',
      service_history: 'partial',
      keys: '1',
      tyres: 'need_replacing',
    });
    expect(result).toMatchObject({ ok: true, value: 17600 });
    expect(result.ok && result.lines.map((l) => `${l.questionId}=${l.answerId} ${l.effect}`)).toEqual([
      'accident_damage=minor -1000',
      'service_history=partial -600',
      'keys=1 -200',
      'tyres=need_replacing -600',
      'interior=clean 0',
      'warning_lights=none 0',
    ]);
  });

  it('rounds each effect and the value to the nearest $50', () => {
    // 10,300 x 7% = 721 -> 700; 10,300 x 20% = 2,060 -> 2,050; 10,300 - 2,750 = 7,550.
    const result = applyAdjustments(10300, { ...allGood, warning_lights: 'some', accident_damage: 'major' });
    expect(result).toMatchObject({ ok: true, value: 7550 });
    expect(result.ok && result.lines.filter((l) => l.effect).map((l) => l.effect)).toEqual([-2050, -700]);
    // A base off the $50 grid still gives a value on it: 10,320 - 2,050 (20% = 2,064) = 8,270 -> 8,250.
    expect(applyAdjustments(10320, { ...allGood, accident_damage: 'major' })).toMatchObject({ value: 8250 });
  });

  it('never goes below $0', () => {
    const harsh: AdjustmentQuestion[] = [
      { id: 'flood', question: 'Has it been in a flood?', answers: [{ id: 'yes', label: 'Yes', percent: -1.5 }] },
    ];
    expect(applyAdjustments(5000, { flood: 'yes' }, harsh)).toMatchObject({
      ok: true,
      value: 0,
      lines: [{ effect: -7500 }],
    });
    expect(applyAdjustments(0, { ...allGood, accident_damage: 'major' })).toMatchObject({ ok: true, value: 0 });
  });

  it('names an unknown question, an unknown answer and an unanswered question', () => {
    const { accident_damage: _skipped, ...rest } = allGood;
    expect(applyAdjustments(20000, { ...rest, keys: '3', colour: 'red' })).toEqual({
      ok: false,
      errors: [
        'Unknown question "colour".',
        'Please answer "Has the car had any accident damage?"',
        '"3" is not an answer to "How many keys do you have?": choose "2+", "1".',
      ],
    });
  });

  it('refuses answers that are not an object, and a base that is not a dollar amount', () => {
    expect(validateAdjustmentAnswers(['none'])).toEqual({
      ok: false,
      errors: ['Answers must be an object of question id to answer id.'],
    });
    expect(validateAdjustmentAnswers(null).ok).toBe(false);
    expect(applyAdjustments(-1, allGood)).toMatchObject({ ok: false });
    expect(applyAdjustments(Number.NaN, allGood)).toMatchObject({ ok: false });
  });

  it('gives back the clean answers to store as adjustmentAnswers', () => {
    expect(validateAdjustmentAnswers(allGood)).toEqual({ ok: true, answers: allGood });
  });
});
