import type { ComponentType } from 'react';
import {
  AddCircleOutline,
  AppstoreOutline,
  LinkOutline,
  ArrowsAltOutline,
  FaceRecognitionOutline,
  ScanningOutline,
  BellOutline,
  BillOutline,
  CameraOutline,
  ClockCircleOutline,
  ContentOutline,
  CouponOutline,
  CheckShieldOutline,
  DownlandOutline,
  FlagOutline,
  PlayOutline,
  StarOutline,
  StarFill,
  TextOutline,
  EditSOutline,
  FileOutline,
  FolderOutline,
  InformationCircleOutline,
  KeyOutline,
  LeftOutline,
  LockOutline,
  LoopOutline,
  MessageOutline,
  MoreOutline,
  PhonebookOutline,
  PictureOutline,
  QuestionCircleOutline,
  PicturesOutline,
  RedoOutline,
  SendOutline,
  SetOutline,
  TeamOutline,
  TruckOutline,
  UndoOutline,
  UnorderedListOutline,
  UpCircleOutline,
  UploadOutline,
  UserAddOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import { TAB_ICONS } from './tab-icons';

/**
 * The one icon for each thing the app offers, from antd-mobile's own set (issue 22): the tab bar,
 * the phone's tools and keys, batch operations and Mine all look a thing up here, so the same
 * action shows the same picture wherever it is offered.
 */
const ICONS = {
  // tabs and the phone view's bar
  ...TAB_ICONS,
  more: MoreOutline,
  // the phone's virtual keys: back, its home screen, the list of recent apps
  back: LeftOutline,
  launcher: AppstoreOutline,
  recents: UnorderedListOutline,
  // what is done to a phone
  rotate: LoopOutline,
  fullScreen: ArrowsAltOutline,
  screenshot: CameraOutline,
  clipboard: FileOutline,
  phrases: MessageOutline,
  upload: UploadOutline,
  rename: EditSOutline,
  reboot: RedoOutline,
  reset: UndoOutline,
  root: KeyOutline,
  resolution: ScanningOutline,
  model: PhonebookOutline,
  newMachine: FaceRecognitionOutline,
  transferDevice: SendOutline,
  authorizationManager: TeamOutline,
  authorizedDevice: UserAddOutline,
  changePhone: TruckOutline,
  templates: PictureOutline,
  clone: PicturesOutline,
  cloneRecords: PicturesOutline,
  syncControl: LinkOutline,
  // ADB (issue 35): a phone's connection, and the account's keys
  adb: ContentOutline,
  adbKeys: CheckShieldOutline,
  fileManager: FolderOutline,
  switchPhone: UnorderedListOutline,
  // buying and keeping phones
  addPhone: AddCircleOutline,
  rechargePhone: ClockCircleOutline,
  upgradeSelectPhone: UpCircleOutline,
  activationCode: KeyOutline,
  orderList: BillOutline,
  myCoupon: CouponOutline,
  // messages and help
  messageCenter: BellOutline,
  customerService: QuestionCircleOutline,
  // Discover (issue 29)
  gameList: PlayOutline,
  homeGuide: FlagOutline,
  sdkGuide: TextOutline,
  download: DownlandOutline,
  pin: StarOutline,
  pinned: StarFill,
  // the account
  personalCenter: UserContactOutline,
  passwordManager: LockOutline,
  mobilePhoneBinding: PhonebookOutline,
  systemSetting: SetOutline,
  aboutUs: InformationCircleOutline,
} satisfies Record<string, ComponentType>;

export type IconName = keyof typeof ICONS;

/** A thing's icon, sized by the surrounding font size; decorative (the label says what it is). */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  const Picture = ICONS[name];
  return (
    <span className={className} aria-hidden>
      <Picture />
    </span>
  );
}
