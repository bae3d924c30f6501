import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { useLongPress } from '../hooks/use-long-press';
import type { StatusTag } from '../../../components/phones/phone-status';

interface PhoneCellProps {
  phone: UserPhone;
  status: StatusTag;
  /** Receives the cell's canvas (null when it goes), which the grid draws previews into. */
  canvasRef: (canvas: HTMLCanvasElement | null) => void;
  onOpen: (phone: UserPhone) => void;
  onLongPress?: (phone: UserPhone) => void;
}

/** One phone of a preview grid: its live picture, name and state. */
export function PhoneCell({ phone, status, canvasRef, onOpen, onLongPress }: PhoneCellProps) {
  const { t } = useTranslation();
  const press = useLongPress(
    () => onLongPress?.(phone),
    () => onOpen(phone),
  );
  return (
    <button type="button" className="cp-phone-cell" data-testid="phone-cell" {...press}>
      <canvas className="cp-phone-cell__screen" ref={canvasRef} />
      <span className="cp-phone-cell__name">{phone.name}</span>
      <Tag color={status.color} fill="outline" className="cp-phone-cell__status">
        {t(`phones.status.${status.label}`)}
      </Tag>
    </button>
  );
}
