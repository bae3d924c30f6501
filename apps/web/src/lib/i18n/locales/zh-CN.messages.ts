/** The message centre and customer service (issue 24). */
export const messages = {
  tabs: { all: '全部', assistant: 'AI 助手', system: '系统' },
  readAll: '全部已读',
  readAllDone: '已全部标记为已读',
  empty: '暂无消息',
  end: '没有更多了',
  unread: '未读',
  assistantOff: 'AI 助手未开启',
  assistantEmpty: '有问题可以问 AI 助手',
  askPlaceholder: '输入您的问题',
  ask: '发送',
  asking: 'AI 助手正在回答…',
  gone: '这条消息不存在或已被删除。',
  toList: '返回消息中心',
};

export const support = {
  qrAlt: '客服二维码',
  qrHint: '长按或扫描二维码联系客服',
  link: '在线客服',
  email: '客服邮箱',
  phone: '客服电话',
  workTime: '服务时间',
  entry: '联系客服',
};
