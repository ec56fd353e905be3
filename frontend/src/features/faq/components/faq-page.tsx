import { useDocumentTitle } from '@/lib/use-document-title';
import { FAQ } from '../content';

/** The Faq (/faq): what stamps, SRC-20, dispensers and atomic swaps are, and how fees work. */
export function FaqPage() {
  useDocumentTitle('Faq');
  return (
    <section className="faq" aria-labelledby="faq-title">
      <h1 id="faq-title" className="page-title">
        Frequently asked questions
      </h1>
      <nav aria-label="Questions">
        <ul className="faq__index">
          {FAQ.map((entry) => (
            <li key={entry.id}>
              <a href={`#${entry.id}`}>{entry.question}</a>
            </li>
          ))}
        </ul>
      </nav>
      {FAQ.map((entry) => (
        <section key={entry.id} id={entry.id} className="faq__entry" aria-labelledby={`${entry.id}-question`}>
          <h2 id={`${entry.id}-question`} className="faq__question">
            {entry.question}
          </h2>
          {entry.answer.map((paragraph) => (
            <p key={paragraph} className="faq__answer">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </section>
  );
}
