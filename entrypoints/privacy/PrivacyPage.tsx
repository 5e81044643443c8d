import { pageWords } from '../../utils/privacy/page-words';
import { type PrivacyItem, privacyPolicy } from '../../utils/privacy/privacy-text';

function Item({ item }: { item: PrivacyItem }) {
  return (
    <li>
      {item.text}
      {item.kept ? <span class="kept"> {item.kept}</span> : null}
    </li>
  );
}

/**
 * The privacy policy in the browser's language, built from the registry of stored values and
 * requests (utils/privacy/privacy-text.ts): the same text as docs/privacy.md, which is English.
 * Static: it reads nothing from storage, so it has no loading or error state.
 */
export function PrivacyPage() {
  const policy = privacyPolicy(pageWords);
  return (
    <main class="privacy">
      <h1>{policy.title}</h1>
      <p>{policy.intro}</p>
      {policy.sections.map((section) => (
        <section key={section.id} aria-labelledby={`privacy-${section.id}`}>
          <h2 id={`privacy-${section.id}`}>{section.heading}</h2>
          {section.intro ? <p>{section.intro}</p> : null}
          <ul>
            {section.items.map((item) => (
              <Item key={item.text} item={item} />
            ))}
          </ul>
        </section>
      ))}
      <p class="no-analytics">{policy.noAnalytics}</p>
      <section aria-labelledby="privacy-delete">
        <h2 id="privacy-delete">{policy.deleteHeading}</h2>
        <p>{policy.deleteText}</p>
      </section>
    </main>
  );
}
