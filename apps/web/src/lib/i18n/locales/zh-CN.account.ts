/** The account's texts: its profile, its number's binding and its cancellation. */
export const account = {
  uid: 'UID：{{userNo}}',
  avatar: '头像',
  nickname: '昵称',
  mobile: '手机号',
  userNo: 'UID',
  registerTime: '注册时间',
  editNickname: '修改昵称',
  nicknamePlaceholder: '1-20个字符',
  saved: '已保存',
  logout: '退出登录',
  logoutConfirm: '确定退出登录吗？',
  loginDevices: '登录设备',
  currentDevice: '当前设备',
  deviceDetail: 'IP {{ip}} · 最近活跃 {{time}}',
  signOut: '下线',
  signOutConfirm: '确定让该设备下线吗？',
  signedOut: '该设备已下线',
  unknownDevice: '未知设备',
  noPassword: '您尚未设置密码，设置后可使用密码登录',
  passwordChanged: '密码已修改，其他设备需重新登录',
};

export const binding = {
  stepCheck: '检查',
  stepVerify: '验证原手机号',
  stepBind: '绑定新手机号',
  nextChangeTime: '下次可更换时间：{{date}}',
  verifyHint: '验证码将发送至 {{mobile}}',
  next: '下一步',
  newMobile: '新手机号',
  bind: '确认绑定',
  changed: '手机号已更换',
};

export const cancelAccount = {
  title: '注销账号',
  intro: '注销后，以下内容将无法找回：',
  loseData: '账号信息、云手机及其数据',
  loseOrders: '购买记录、激活码和优惠券',
  noLogin: '该手机号将无法再登录此账号',
  codeHint: '验证码将发送至 {{mobile}}',
  submit: '注销账号',
  confirmTitle: '确认注销',
  confirmText: '注销后无法恢复，确定继续吗？',
  done: '账号已注销',
};
