import { DEFAULT_GROUP_ID, DEFAULT_GROUP_NAME } from '@cloudphone/contracts/phones';
import { AppError } from '../../app-error';
import { callerLanguage } from '../../../http/caller-language';
import type { RepositoriesOf } from '../../../repositories/index';
import type { AuthUser } from '../../accounts/auth.service';
import type { Clock } from '../../clock';
import type { PhoneAccessService, PhoneGate } from '../access/phone-access.service';

/** The user's phone groups. The default group always exists and cannot be renamed or deleted (spec §5). */
export class PhoneGroupService {
  constructor(
    private readonly access: PhoneAccessService,
    private readonly repos: RepositoriesOf<'phoneGroups' | 'userPhones'>,
    private readonly clock: Clock,
  ) {}

  async simpleList(auth: AuthUser) {
    const [groups, phones, granted] = await Promise.all([
      this.repos.phoneGroups.listOfUser(auth.tenantId, auth.userId),
      this.repos.userPhones.listOfUser(auth.tenantId, auth.userId),
      this.access.grantsHeld(auth),
    ]);
    // Phones granted to the user are listed in the default group: counted there too (issue 22).
    const inDefault = phones.filter((p) => p.groupId === null).length + granted.size;
    return [
      { groupId: DEFAULT_GROUP_ID, groupName: DEFAULT_GROUP_NAME[callerLanguage()], count: inDefault, isDefault: true },
      ...groups.map((g) => ({ groupId: g.id, groupName: g.name, count: g.count, isDefault: false })),
    ];
  }

  async create(auth: AuthUser, name: string): Promise<{ groupId: number }> {
    return { groupId: await this.repos.phoneGroups.create(auth.tenantId, auth.userId, name, this.clock.now()) };
  }

  async rename(auth: AuthUser, groupId: number, name: string): Promise<void> {
    await this.repos.phoneGroups.rename((await this.ownGroup(auth, groupId)).id, name);
  }

  async delete(auth: AuthUser, groupId: number): Promise<void> {
    const { id } = await this.ownGroup(auth, groupId);
    await this.repos.transaction((tx) => tx.phoneGroups.delete(id));
  }

  /** Moves phones to a group; group 0 is the default group. Only the user's own phones move. */
  async setGroup(gate: PhoneGate, userPhoneIds: readonly number[], groupId: number): Promise<void> {
    const { auth } = gate;
    // Grouping is naming the owner's phones: a granted phone stays in its holder's default group.
    for (const id of userPhoneIds) await gate.check(id);
    const target = groupId === DEFAULT_GROUP_ID ? null : (await this.ownGroup(auth, groupId)).id;
    await this.repos.userPhones.setGroup(auth.tenantId, auth.userId, userPhoneIds, target);
  }

  private async ownGroup(auth: AuthUser, groupId: number) {
    if (groupId === DEFAULT_GROUP_ID) throw new AppError('defaultGroupProtected');
    const group = await this.repos.phoneGroups.find(auth.tenantId, auth.userId, groupId);
    if (!group) throw new AppError('notFound');
    return group;
  }
}
