public enum HealthAPISkeleton {}
