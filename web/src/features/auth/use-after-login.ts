import { useNavigate } from '@tanstack/react-router';
import { isSafeRedirectPath } from '../../lib/navigation.js';

/** After a login: the `redirect` query when it is a safe same-origin path, else the dashboard. */
export function useAfterLogin() {
  const navigate = useNavigate();
  return (redirect: unknown) => {
    const target = isSafeRedirectPath(redirect) ? redirect : '/';
    return navigate({ href: target, replace: true });
  };
}
