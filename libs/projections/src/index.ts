export * from './messages';
export * from './relay/transport';
export * from './relay/kafka-transport';
export * from './relay/outbox-relay';
export * from './projector/game-projection';
export * from './projector/projection-runner';
export * from './projector/rebuild';
export * from './projector/kafka-projector';
