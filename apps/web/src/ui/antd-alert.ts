/** antd's Alert as a module of its own, so pages can load it on first use (see ui/deferred-alert.tsx). */
export { Alert as default } from 'antd';
