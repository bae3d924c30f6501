import type { StatusTagColor } from '../../../components/phones/phone-status';
import type { CloneState, TemplateState } from '@cloudphone/contracts/templates';

/** The colour of a template's state tag, in either shell. */
export const TEMPLATE_STATE_COLOR: Record<TemplateState, StatusTagColor> = {
  creating: 'primary',
  ready: 'success',
  create_fail: 'danger',
  deleting: 'default',
  removed: 'default',
  expired: 'warning',
};

/** The colour of a clone's state tag, in either shell. */
export const CLONE_STATE_COLOR: Record<CloneState, StatusTagColor> = {
  cloning: 'primary',
  success: 'success',
  partial: 'warning',
  failed: 'danger',
};
