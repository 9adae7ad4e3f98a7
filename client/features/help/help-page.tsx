import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type en from '../../../shared/i18n/locales/en.json';
import { MarkedText } from '../../lib/i18n';

const TOPICS = [
  { id: 'library-recipes', title: 'help.topics.libraryRecipes' },
  { id: 'upload-oven-recipes', title: 'help.topics.uploadOvenRecipes' },
  { id: 'create-recipes', title: 'help.topics.createRecipes' },
  { id: 'my-recipes', title: 'help.topics.myRecipes' },
  { id: 'ovens', title: 'help.topics.ovens' },
  { id: 'screens-categories', title: 'help.topics.screensCategories' },
  { id: 'download-settings', title: 'help.topics.downloadSettings' },
  { id: 'fleet', title: 'help.topics.fleet' },
  { id: 'team', title: 'help.topics.team' },
] as const;

type Topic = (typeof TOPICS)[number];

// The markup a paragraph of the guide may hold: a button's name in bold, an example, a file's extension.
const MARKUP = {
  b: <strong />,
  em: <em />,
  code: <code />,
};

type Guide = Omit<(typeof en)['help'], 'title' | 'intro' | 'toc' | 'topics'>;
/** A paragraph or list item of the guide: 'help.<section>.<paragraph>'. */
type GuideKey = { [S in keyof Guide & string]: `help.${S}.${keyof Guide[S] & string}` }[keyof Guide & string];

/** One paragraph or list item of the guide, from the catalogue with its markup. */
function Text({ k }: { k: GuideKey }) {
  return <MarkedText i18nKey={k} components={MARKUP} />;
}

function Section({ topic, children }: { topic: Topic; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section id={topic.id} className="card help-section">
      <h2>{t(topic.title)}</h2>
      {children}
    </section>
  );
}

/** Spec §2.9: the guide to the menu builder; each topic has an anchor, upload-oven-recipes among them. */
export function HelpPage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  const [library, upload, create, mine, ovens, screens, download, fleet, team] = TOPICS;

  return (
    <article className="page help">
      <header className="page-header">
        <h1>{t('help.title')}</h1>
        <p className="muted">{t('help.intro')}</p>
      </header>
      <nav className="card help-toc" aria-label={t('help.toc')}>
        <ol>
          {TOPICS.map((topic) => (
            <li key={topic.id}>
              <a href={`#${topic.id}`}>{t(topic.title)}</a>
            </li>
          ))}
        </ol>
      </nav>

      <Section topic={library}>
        <p>
          <Text k="help.library.search" />
        </p>
        <p>
          <Text k="help.library.open" />
        </p>
      </Section>

      <Section topic={upload}>
        <ol>
          <li>
            <Text k="help.upload.copy" />
          </li>
          <li>
            <Text k="help.upload.open" />
          </li>
          <li>
            <Text k="help.upload.name" />
          </li>
          <li>
            <Text k="help.upload.import" />
          </li>
        </ol>
        <p>
          <Text k="help.upload.rules" />
        </p>
      </Section>

      <Section topic={create}>
        <ol>
          <li>
            <Text k="help.create.start" />
          </li>
          <li>
            <Text k="help.create.stages" />
          </li>
          <li>
            <Text k="help.create.specs" />
          </li>
          <li>
            <Text k="help.create.save" />
          </li>
        </ol>
      </Section>

      <Section topic={mine}>
        <p>
          <Text k="help.myRecipes.body" />
        </p>
      </Section>

      <Section topic={ovens}>
        <p>
          <Text k="help.ovens.body" />
        </p>
      </Section>

      <Section topic={screens}>
        <p>
          <Text k="help.screens.body" />
        </p>
        <ul>
          <li>
            <Text k="help.screens.milo" />
          </li>
          <li>
            <Text k="help.screens.others" />
          </li>
        </ul>
      </Section>

      <Section topic={download}>
        <p>
          <Text k="help.download.body" />
        </p>
      </Section>

      <Section topic={fleet}>
        <ul>
          <li>
            <Text k="help.fleet.versions" />
          </li>
          <li>
            <Text k="help.fleet.locations" />
          </li>
          <li>
            <Text k="help.fleet.templates" />
          </li>
          <li>
            <Text k="help.fleet.fleet" />
          </li>
        </ul>
      </Section>

      <Section topic={team}>
        <p>
          <Text k="help.team.intro" />
        </p>
        <ul>
          <li>
            <Text k="help.team.owner" />
          </li>
          <li>
            <Text k="help.team.manager" />
          </li>
          <li>
            <Text k="help.team.store" />
          </li>
          <li>
            <Text k="help.team.crew" />
          </li>
        </ul>
        <p>
          <Text k="help.team.trail" />
        </p>
      </Section>
    </article>
  );
}
