import { ICON_NAMES, iconUrl } from '../../../shared/domain/icons';
import { Modal } from '../../components/modal';
import { iconLabel } from '../../lib/i18n';

export function IconPickerModal({
  title,
  current,
  onPick,
  onClose,
}: {
  title: string;
  current: string;
  onPick(icon: string): void;
  onClose(): void;
}) {
  return (
    <Modal title={title} onClose={onClose} size="md">
      <div className="icon-choices">
        {ICON_NAMES.map((n) => (
          <button
            key={n}
            type="button"
            className={`icon-choice ${n === current ? 'icon-choice-on' : ''}`}
            title={iconLabel(n)}
            aria-label={iconLabel(n)}
            aria-pressed={n === current}
            onClick={() => onPick(n)}
          >
            <img src={iconUrl(n)} alt="" />
          </button>
        ))}
      </div>
    </Modal>
  );
}
