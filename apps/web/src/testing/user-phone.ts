import type { UserPhone } from '@cloudphone/contracts/phones';

/** A phone as the list returns it: online, 30 days left, in the default group; `fields` override. */
export function userPhone(id: number, fields: Partial<UserPhone> = {}): UserPhone {
  return {
    userPhoneId: id,
    name: `Cloud phone ${id}`,
    groupId: 0,
    groupName: 'Default group',
    resolution: '720×1280',
    root: false,
    mockModel: { manufacturer: 'Xiaomi', model: '13' },
    status: 'online',
    expireTime: Date.now() + 30 * 86_400_000,
    authorized: false,
    beAuthorized: false,
    role: 'owner',
    grantEndTime: null,
    trial: false,
    gradeId: 1,
    gradeName: 'Standard',
    lacks: [],
    ...fields,
  };
}
