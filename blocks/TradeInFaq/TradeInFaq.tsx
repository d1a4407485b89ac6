import type { BlockComponent } from '../types';
import styles from './TradeInFaq.module.css';
import { TRADE_IN_MAX_AGE_YEARS, TRADE_IN_MAX_KM } from '../../domain/trade-in/trade-in-rules';
import { formatKm } from '../../domain/format';

const km = formatKm(TRADE_IN_MAX_KM);

/** The standard questions; the online-estimate limits come from the trade-in rules (conversion §9). */
export const TRADE_IN_FAQ: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'How does the online estimate work?',
    answer:
      'Enter your registration and state, answer a few questions about the condition of your car, and you get an estimate straight away. It is based on what similar cars are selling for and is explained step by step.',
  },
  {
    question: 'Which cars can get an online estimate?',
    answer: `Cars up to ${TRADE_IN_MAX_AGE_YEARS} years old with up to ${km}. Cars over ${TRADE_IN_MAX_AGE_YEARS} years or ${km} get no online estimate: send us your details and our team will call you with a valuation instead.`,
  },
  {
    question: 'Is the estimate the price you will pay?',
    answer:
      'The estimate is a guide. We confirm the final price once we have seen the car, its service history and its paperwork.',
  },
  {
    question: 'Do I have to buy a car from you to sell you mine?',
    answer: 'No. You can trade your car in on another vehicle or simply sell it to us.',
  },
  {
    question: 'What should I bring when I bring my car in?',
    answer:
      'Your driver licence, the registration papers, the service books, every key and, if there is finance owing on the car, the details of your lender.',
  },
];

/** Trade-in questions and answers (conversion §2.5, §9) as disclosure widgets, plus the dealer's own. */
export const TradeInFaq: BlockComponent<'TradeInFaq'> = ({ props }) => {
  const items = [...TRADE_IN_FAQ, ...(props.items ?? [])];
  return (
    <section className="container section faq" aria-labelledby="trade-in-faq-heading">
      <h2 id="trade-in-faq-heading">{props.heading ?? 'Trade-in questions'}</h2>
      <div className={styles.list}>
        {items.map((item) => (
          <details key={item.question} className={styles.item}>
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
};
