/**
 * The receiver key of every test database: the starting points are seeded in global-setup's
 * process and copied into each worker's, so both must seal and open with the same key.
 */
export const TEST_RECEIVER_KEYS = 'test1:dGVzdC1yZWNlaXZlci1rZXktMzItYnl0ZXMtbG9uZyE=';
