import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { formatInteger } from '@/utils/format';
import { useListXcpProjectsQuery } from '../api';

/**
 * The XCP site's Directories entry of the header: the link to the directories list and, when the staff have
 * directories (`GET /api/xcp/projects`), a menu opening each one's page with its count, largest first. The menu
 * closes on Escape (focus back on its button), a click outside or a navigation.
 */
export function DirectoriesMenu({ label, href, stampsWord }: { label: string; href: string; stampsWord: string }) {
  const { data: projects = [] } = useListXcpProjectsQuery(undefined);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const [openedAt, setOpenedAt] = useState(pathname);
  // A navigation closes the menu.
  if (open && openedAt !== pathname) setOpen(false);

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node | null)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className="nav-menu" ref={root}>
      <NavLink className="nav__link" to={href}>
        {label}
      </NavLink>
      {projects.length > 0 && (
        <>
          <button
            ref={toggle}
            type="button"
            className="nav-menu__toggle"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={`${label} menu`}
            onClick={() => {
              setOpenedAt(pathname);
              setOpen(!open);
            }}
          >
            <span aria-hidden="true">▾</span>
          </button>
          <ul id={menuId} className="nav-menu__list" hidden={!open} aria-label={label}>
            {projects.map((project) => (
              <li key={project.collection_id}>
                <Link className="nav-menu__link" to={paths.collection.getHref(project.collection_id)}>
                  <span className="break">{project.name}</span>
                  <span className="nav-menu__count">
                    {formatInteger(project.count)} {stampsWord.toLowerCase()}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
