/**
 * What other features may use of the users screen: its create/edit form, which the district
 * screens point at one school's administrators. Everything else in this folder is private to it.
 */
export { UserFormModal, type UserFormTarget } from './user-form-modal.js';
