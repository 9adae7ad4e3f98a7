import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { can } from '../../shared/domain/permissions';
import { FlameLogo, HelpIcon, UserIcon } from '../components/icons';
import { Menu } from '../components/menu';
import { useLogout } from '../features/auth/auth-api';
import { TeamSwitcher } from '../features/teams/team-switcher';
import { useCurrentUser } from '../lib/current-user';
import { usePublicConfig } from '../lib/public-config';

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

function NavBar() {
  const { user, isAdmin } = useCurrentUser();
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

  const onLogout = async () => {
    await logout.mutateAsync();
    navigate('/', { replace: true });
  };

  return (
    <header className="topbar">
      <nav className="nav" aria-label="Main">
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
          <span className="sr-only">Menu</span>
          <span aria-hidden="true">☰</span>
        </button>
        <div id="nav-panel" className={`nav-panel ${open ? 'nav-panel-open' : ''}`}>
          <div className="nav-links">
            {loggedIn && !isAdmin ? (
              <>
                <NavLink to="/recipes">{provider} Recipes</NavLink>
                {can(user, 'recipes.read') ? <NavLink to="/my-recipes">My Recipes</NavLink> : null}
                <NavLink to="/ovens">My Ovens</NavLink>
                <NavLink to="/fleet">Fleet</NavLink>
                <NavLink to="/team">Team</NavLink>
              </>
            ) : null}
            {isAdmin ? (
              <>
                <NavLink to="/reports" end>
                  General Report
                </NavLink>
                <NavLink to="/reports/users">Users</NavLink>
              </>
            ) : null}
          </div>
          <div className="nav-tools">
            <Menu label="Tools">
              <ExternalLinks links={config?.links.tools} />
            </Menu>
            <Menu label="About">
              <ExternalLinks links={config?.links.about} />
            </Menu>
            {!loggedIn ? (
              <Menu label="Login" className="menu-login">
                <a href={config?.links.catalog} target="_blank" rel="noreferrer">
                  Catalog
                </a>
                <a href={config?.links.documentation} target="_blank" rel="noreferrer">
                  Documentation
                </a>
              </Menu>
            ) : (
              <>
                {isAdmin ? null : <TeamSwitcher />}
                <NavLink to="/help" className="nav-help-link">
                  Help Page
                </NavLink>
                <Link to="/help" className="icon-button" aria-label="Help" title="Help">
                  <HelpIcon />
                </Link>
                <Menu
                  className="menu-profile"
                  label={
                    <>
                      <UserIcon /> <span>My Profile</span>
                    </>
                  }
                >
                  <Link to="/my-profile">Edit Profile</Link>
                  {isAdmin ? (
                    onReports ? (
                      <Link to="/recipes">Recipes</Link>
                    ) : (
                      <Link to="/reports">Dashboard</Link>
                    )
                  ) : null}
                  <button type="button" onClick={onLogout}>
                    Logout
                  </button>
                </Menu>
              </>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}

function Footer() {
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
          <p className="footer-title">Follow us</p>
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
          <p className="footer-title">Get an oven</p>
          <ul className="footer-list">
            <li>
              <a href={config.links.buyNow} target="_blank" rel="noreferrer" className="footer-cta">
                Buy Now
              </a>
            </li>
            <li>
              <a href={config.links.repFinder} target="_blank" rel="noreferrer">
                Find a Rep
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
          Privacy Policy
        </a>
        <a href={config.links.terms} target="_blank" rel="noreferrer">
          Terms of Use
        </a>
      </div>
    </footer>
  );
}

export function Layout() {
  return (
    <div className="app">
      <NavBar />
      <main className="main" id="main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
