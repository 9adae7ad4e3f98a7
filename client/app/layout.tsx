import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { can } from '../../shared/domain/permissions';
import { FlameLogo, HelpIcon, MenuBarsIcon, UserIcon } from '../components/icons';
import { Menu } from '../components/menu';
import { ConfirmDialog } from '../components/modal';
import { useLogout } from '../features/auth/auth-api';
import { useWaitingChanges } from '../features/ovens/offline-sync';
import { TeamSwitcher } from '../features/teams/team-switcher';
import { LanguageSwitcher } from '../features/users/language-switcher';
import { useCurrentUser } from '../lib/current-user';
import { useAccountLanguage, useUiLanguage } from '../lib/i18n';
import { usePublicConfig } from '../lib/public-config';
import { OfflineBar } from './offline-bar';
import { TeamRemovalWatch } from './team-removal-watch';

/** The provider's own pages open in a new tab. */
function ExternalLinks({ links = [] }: { links?: { label: string; href: string }[] }) {
  return (
    <>
      {links.map((l) => (
        <a key={l.href} href={l.href} target="_blank" rel="noreferrer">
          {l.label}
        </a>
      ))}
    </>
  );
}

/**
 * The bar folds behind its menu button on a phone or a tablet held upright (900 px or less). On a wider screen it
 * shows in one row: labelled (names beside the logo and the profile icon) when that fits, else packed tighter (icons
 * only), and folds only when even that does not fit (a language's longer words, a long team name). The bar is
 * measured unfolded (for a moment before the screen is painted) whenever its words, its width or its fonts change.
 */
const NARROW = '(max-width: 900px)';
/** Labels beside icons; icons packed tighter; folded behind the menu button. */
type BarFit = 'labelled' | 'tight' | 'folded';

function useFoldWhenCrowded(content: unknown[]) {
  const navRef = useRef<HTMLElement>(null);
  const [fit, setFit] = useState<BarFit>(() => (window.matchMedia(NARROW).matches ? 'folded' : 'labelled'));
  const measure = useCallback(() => {
    const nav = navRef.current;
    if (!nav) return;
    if (window.matchMedia(NARROW).matches) return setFit('folded');
    const shown = [...nav.classList].filter((c) => c === 'nav-compact' || c === 'nav-tight');
    nav.classList.remove('nav-compact', 'nav-tight');
    // Measured with the team switcher at its narrowest: it gives way before the bar packs or folds.
    nav.classList.add('nav-measure');
    const fits = () => {
      const width = (selector: string) => nav.querySelector<HTMLElement>(selector)?.offsetWidth ?? 0;
      const style = getComputedStyle(nav);
      const needed =
        width('.brand') +
        width('.nav-links') +
        width('.nav-tools') +
        2 * (Number.parseFloat(style.columnGap) || 0) +
        2 * (Number.parseFloat(style.paddingLeft) || 0);
      return needed <= nav.clientWidth + 1;
    };
    let next: BarFit = 'labelled';
    if (!fits()) {
      nav.classList.add('nav-tight');
      next = fits() ? 'tight' : 'folded';
      nav.classList.remove('nav-tight');
    }
    nav.classList.remove('nav-measure');
    // Put back what React set until it renders again.
    nav.classList.add(...shown);
    setFit(next);
  }, []);
  // Measured again when the words or tools change (the content is what changes the width needed).
  useLayoutEffect(measure, content);
  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    // A folded bar (a phone, a tablet held upright) has nothing to measure until the screen turns wider: watching
    // its sizes and fonts would cost the first screen a layout for nothing.
    const narrow = window.matchMedia(NARROW);
    let watch: ResizeObserver | undefined;
    const follow = () => {
      if (narrow.matches) {
        watch?.disconnect();
        watch = undefined;
        return setFit('folded');
      }
      if (watch) return;
      watch = new ResizeObserver(measure);
      watch.observe(nav);
      // Tools that come later (the team switcher, once the teams have loaded) change what the bar needs.
      for (const part of nav.querySelectorAll('.nav-links, .nav-tools')) watch.observe(part);
      void document.fonts?.ready.then(measure);
    };
    follow();
    narrow.addEventListener('change', follow);
    return () => {
      narrow.removeEventListener('change', follow);
      watch?.disconnect();
    };
  }, [measure]);
  return { navRef, fit };
}

const BAR_CLASS: Record<BarFit, string> = {
  labelled: 'nav',
  tight: 'nav nav-tight',
  folded: 'nav nav-compact',
};

function NavBar() {
  const { t } = useTranslation();
  const { user, isAdmin } = useCurrentUser();
  useAccountLanguage(user?.language);
  const config = usePublicConfig().data;
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const loggedIn = user !== null;
  const onReports = location.pathname.startsWith('/reports');
  // The phone menu closes after each navigation.
  const { key } = location;
  useEffect(() => {
    if (key) setOpen(false);
  }, [key]);
  const provider = config?.providerName ?? 'Hearth';
  const language = useUiLanguage();
  const { navRef, fit } = useFoldWhenCrowded([language, user?.id, user?.team?.id, config]);

  const waiting = useWaitingChanges().count;
  const [leaving, setLeaving] = useState(false);
  const logOut = async () => {
    setLeaving(false);
    await logout.mutateAsync();
    navigate('/', { replace: true });
  };
  // Menu changes made offline and not yet sent go with the session: said first, never dropped unseen.
  const onLogout = () => (waiting > 0 ? setLeaving(true) : logOut());

  return (
    <>
      <header className="topbar">
        <nav ref={navRef} className={BAR_CLASS[fit]} aria-label={t('nav.main')}>
          <Link to={loggedIn ? (isAdmin ? '/reports' : '/recipes') : '/'} className="brand">
            <FlameLogo />
            <span className="brand-name">{provider}</span>
          </Link>
          <button
            type="button"
            className="nav-toggle"
            aria-expanded={open}
            aria-controls="nav-panel"
            onClick={() => setOpen((o) => !o)}
          >
            <span className="sr-only">{t('nav.menu')}</span>
            <MenuBarsIcon />
          </button>
          <div id="nav-panel" className={`nav-panel ${open ? 'nav-panel-open' : ''}`}>
            <div className="nav-links">
              {loggedIn && !isAdmin ? (
                <>
                  <NavLink to="/recipes">{t('nav.providerRecipes', { provider })}</NavLink>
                  {can(user, 'recipes.read') ? (
                    <NavLink to="/my-recipes">{t('nav.myRecipes')}</NavLink>
                  ) : null}
                  <NavLink to="/ovens">{t('nav.myOvens')}</NavLink>
                  <NavLink to="/fleet">{t('nav.fleet')}</NavLink>
                  <NavLink to="/team">{t('nav.team')}</NavLink>
                </>
              ) : null}
              {isAdmin ? (
                <>
                  <NavLink to="/reports" end>
                    {t('nav.generalReport')}
                  </NavLink>
                  <NavLink to="/reports/users">{t('nav.users')}</NavLink>
                </>
              ) : null}
            </div>
            <div className="nav-tools">
              <LanguageSwitcher />
              <Menu label={t('nav.tools')}>
                <ExternalLinks links={config?.links.tools} />
              </Menu>
              <Menu label={t('nav.about')}>
                <ExternalLinks links={config?.links.about} />
              </Menu>
              {!loggedIn ? (
                <Menu label={t('nav.login')} className="menu-login">
                  <a href={config?.links.catalog} target="_blank" rel="noreferrer">
                    {t('nav.catalog')}
                  </a>
                  <a href={config?.links.documentation} target="_blank" rel="noreferrer">
                    {t('nav.documentation')}
                  </a>
                </Menu>
              ) : (
                <>
                  {isAdmin ? null : <TeamSwitcher />}
                  <NavLink to="/help" className="nav-help-link">
                    {t('nav.helpPage')}
                  </NavLink>
                  <Link to="/help" className="icon-button" aria-label={t('nav.help')} title={t('nav.help')}>
                    <HelpIcon />
                  </Link>
                  <Menu
                    className="menu-profile"
                    label={
                      <>
                        <UserIcon /> <span className="menu-profile-name">{t('nav.myProfile')}</span>
                      </>
                    }
                  >
                    <Link to="/my-profile">{t('nav.editProfile')}</Link>
                    {isAdmin ? (
                      onReports ? (
                        <Link to="/recipes">{t('nav.recipes')}</Link>
                      ) : (
                        <Link to="/reports">{t('nav.dashboard')}</Link>
                      )
                    ) : null}
                    <button type="button" onClick={onLogout}>
                      {t('nav.logout')}
                    </button>
                  </Menu>
                </>
              )}
            </div>
          </div>
        </nav>
      </header>
      {/* Outside the dark bar, whose white text it would take. */}
      {leaving ? (
        <ConfirmDialog
          title={t('nav.logout')}
          message={t('offline.logoutWaiting', { count: waiting })}
          confirmLabel={t('nav.logout')}
          onConfirm={() => void logOut()}
          onCancel={() => setLeaving(false)}
        />
      ) : null}
    </>
  );
}

function Footer() {
  const { t } = useTranslation();
  const config = usePublicConfig().data;
  if (!config) return <footer className="footer" />;
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="footer-grid">
        <div>
          <p className="footer-title">{config.providerName}</p>
          <address>
            {config.contact.address}
            <br />
            <a href={`tel:${config.contact.phone.replace(/\s+/g, '')}`}>{config.contact.phone}</a>
            <br />
            <a href={`mailto:${config.contact.email}`}>{config.contact.email}</a>
          </address>
        </div>
        <div>
          <p className="footer-title">{t('footer.followUs')}</p>
          <ul className="footer-list">
            {config.links.social.map((l) => (
              <li key={l.href}>
                <a href={l.href} target="_blank" rel="noreferrer">
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <p className="footer-title">{t('footer.getAnOven')}</p>
          <ul className="footer-list">
            <li>
              <a href={config.links.buyNow} target="_blank" rel="noreferrer" className="footer-cta">
                {t('footer.buyNow')}
              </a>
            </li>
            <li>
              <a href={config.links.repFinder} target="_blank" rel="noreferrer">
                {t('footer.findRep')}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="footer-legal">
        <span>
          © {year} {config.providerName}
        </span>
        <a href={config.links.privacyPolicy} target="_blank" rel="noreferrer">
          {t('footer.privacyPolicy')}
        </a>
        <a href={config.links.terms} target="_blank" rel="noreferrer">
          {t('footer.terms')}
        </a>
      </div>
    </footer>
  );
}

/** The sticky top's height, for what sticks below it (`--sticky-top`): it grows when a strip shows offline. */
function useStickyTop() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const group = ref.current;
    if (!group || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--sticky-top', `${group.offsetHeight}px`),
    );
    observer.observe(group);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--sticky-top');
    };
  }, []);
  return ref;
}

export function Layout() {
  const top = useStickyTop();
  return (
    <div className="app">
      {/* The top bar and the device's state stay in sight together: being offline is never scrolled away. */}
      <div ref={top} className="topbar-group">
        <NavBar />
        <OfflineBar />
      </div>
      <TeamRemovalWatch />
      <main className="main" id="main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
