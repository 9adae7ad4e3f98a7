import { useTranslation } from 'react-i18next';
import { type Landing, placeLabel, slotLabel } from '../../../shared/domain/menu';
import { Modal } from '../../components/modal';
import { menuWords } from './menu-words';

/** "Move to…": every other screen and page with room, each at its first free slot (no drag needed). */
export function MoveToModal({
  name,
  landings,
  layout,
  onPick,
  onClose,
}: {
  name: string;
  landings: Landing[];
  layout: 'grid' | 'list';
  onPick(landing: Landing): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const words = menuWords();
  return (
    <Modal title={t('editor.moveTitle', { name })} onClose={onClose} size="sm">
      {landings.length === 0 ? (
        <p className="muted">{t('editor.allFull')}</p>
      ) : (
        <ul className="move-choices">
          {landings.map((l) => (
            <li key={l.screenId}>
              <button type="button" className="btn btn-secondary btn-block" onClick={() => onPick(l)}>
                {t('editor.placeSlot', {
                  place: placeLabel(l.container, layout, words),
                  slot: slotLabel(l.position, layout, words),
                })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
