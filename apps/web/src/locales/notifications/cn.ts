import type { NotificationsResource } from './en';

const cn: NotificationsResource = {
  title: '通知',
  bell: '通知',
  unread: '{{count}} 条未读',
  empty: '暂无新消息。',
  markAll: '全部标为已读',
  channels: '在应用外接收通知',
  line: {
    intro: '通过 LINE 上的 {{account}} 接收存款、提款和优惠通知。',
    getCode: '连接 LINE',
    send: '在 LINE 上添加 {{account}} 为好友，并在 10 分钟内发送此代码：',
    codeLabel: '您的 LINE 代码',
    open: '打开 LINE',
    linked: '已连接：我们也会把通知发送到那里。',
    unlink: '取消连接 LINE',
  },
  push: {
    title: '手机通知',
    intro: '即使应用已关闭，也能在这部手机上收到通知。',
    on: '已在这部手机上开启。',
    turnOn: '开启',
    turnOff: '关闭',
    denied: '浏览器设置已阻止本网站的通知。',
    unsupported: '此浏览器无法显示通知。请先将应用添加到主屏幕。',
    failed: '操作失败，请重试。',
  },
};

export default cn;
