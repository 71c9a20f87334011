// The notifier (toasts): loaded with the first toast, with its styles.
import '@mantine/notifications/styles.css';

export { Notifications as default, notifications } from '@mantine/notifications';
