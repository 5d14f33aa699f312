// The user shape the API returns (SPEC §3 User). Never includes the password hash.
export interface PublicUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
  isAdmin: boolean;
  isEmailVerified: boolean;
}

/** Prisma `select` for exactly the public fields. */
export const publicUserSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  isAdmin: true,
  isEmailVerified: true,
} as const;

export function toPublicUser(u: PublicUser): PublicUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    isAdmin: u.isAdmin,
    isEmailVerified: u.isEmailVerified,
  };
}
