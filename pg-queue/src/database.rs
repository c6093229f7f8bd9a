//! Connecting: one connection per caller, named so `pg_stat_activity` shows whose it is.

use crate::Error;
use postgres::{Client, Config, NoTls};
use std::str::FromStr;
use std::time::Duration;

/// How long a connection attempt may take before it counts as "no server".
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// Connects to `conninfo` (a `key=value` string or a `postgresql://` URL) as `application`.
///
/// Local sockets and loopback need no TLS; a server elsewhere would want a TLS connector.
pub fn connect(conninfo: &str, application: &str) -> Result<Client, Error> {
    let failed = |source| Error::Connect {
        conninfo: conninfo.to_owned(),
        source,
    };
    let mut config = Config::from_str(conninfo).map_err(failed)?;
    config
        .application_name(application)
        .connect_timeout(CONNECT_TIMEOUT);
    config.connect(NoTls).map_err(failed)
}
