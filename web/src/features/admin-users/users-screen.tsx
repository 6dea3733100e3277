import { UnderConstruction } from '../../components/ui/under-construction.js';

/** Placeholder: the screen itself comes with a later issue. */
export function UsersScreen() {
  return <UnderConstruction titleKey="pages.users" />;
}
