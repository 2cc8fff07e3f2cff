import { useAuth } from '@/lib/auth';
import { useFollowUserLocale } from '../api';

/** Keeps the app in the signed-in user's language (their choice, their community's default) as the server reads it. */
export function FollowUserLocale() {
  useFollowUserLocale(useAuth().user);
  return null;
}
