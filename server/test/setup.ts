// argon2 at full strength costs ~50 ms a hash; tests keep it, since they must exercise the real hashing.
process.env.TZ = 'UTC';
