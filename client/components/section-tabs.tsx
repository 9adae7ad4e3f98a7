import { NavLink } from 'react-router';

/** Links between the pages of one section (the fleet's ovens, locations and templates), drawn as tabs. */
export function SectionTabs({
  label,
  tabs,
}: {
  label: string;
  tabs: { to: string; label: string; end?: boolean }[];
}) {
  return (
    <nav className="section-tabs" aria-label={label}>
      {tabs.map((t) => (
        <NavLink
          key={t.to}
          to={t.to}
          end={t.end}
          className={({ isActive }) => (isActive ? 'active' : undefined)}
        >
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
